import db from '@adonisjs/lucid/services/db'
import { inject } from '@adonisjs/core'
import { QueueService } from '#core/queue/queue_service'
import WebhookDelivery from '#auth/models/webhook_delivery'
import DeliverWebhookJob from '#auth/jobs/deliver_webhook_job'

export type ResendResult = { status: 'queued'; delivery: WebhookDelivery } | { status: 'pending' }

/**
 * *Resend*: the same event (same id, same body, signed anew) sent again to
 * its endpoint with a fresh round of retries, once its last round is over.
 * Taking it back to pending is one conditional write, so two clicks queue
 * one round.
 */
@inject()
export class ResendWebhookDelivery {
  constructor(private queues: QueueService) {}

  async handle(delivery: WebhookDelivery): Promise<ResendResult> {
    const reopened = await WebhookDelivery.query()
      .where('id', delivery.id)
      .whereIn('status', ['delivered', 'failed'])
      .update({ status: 'pending', error: null, round: db.knexRawQuery('attempts') }, ['round'])
    const row = (reopened as unknown as { round: number }[])[0]
    if (!row) return { status: 'pending' }
    await DeliverWebhookJob.dispatchOn(this.queues, delivery.id, row.round)
    await delivery.refresh()
    return { status: 'queued', delivery }
  }
}
