import { inject } from '@adonisjs/core'
import { randomUUID } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { QueueService } from '#core/queue/queue_service'
import {
  WebhookEvents,
  type WebhookEventData,
  type WebhookEventType,
} from '#core/webhooks/webhook_events'
import { ApiAccess } from '#auth/contracts/api_access'
import DeliverWebhookJob from '#auth/jobs/deliver_webhook_job'

/**
 * The webhook events the modules publish, written as deliveries to each of
 * the account's endpoints that asked for the event, in the publisher's
 * transaction, and queued once it commits. Only while the account's plan
 * includes the API: endpoints outlive a downgrade, deliveries do not.
 */
@inject()
export class WebhookOutbox extends WebhookEvents {
  constructor(
    private apiAccess: ApiAccess,
    private queues: QueueService
  ) {
    super()
  }

  async publish<Type extends WebhookEventType>(
    userId: number,
    type: Type,
    data: WebhookEventData[Type],
    trx: TransactionClientContract
  ) {
    const endpoints: { id: number }[] = await trx
      .from('webhook_endpoints')
      .where('user_id', userId)
      .whereRaw('? = any(events)', [type])
      .select('id')
    if (endpoints.length === 0 || !(await this.apiAccess.allows(userId))) return
    const eventId = randomUUID()
    const body = JSON.stringify({
      id: eventId,
      type,
      created: Math.floor(Date.now() / 1000),
      data,
    })
    const now = new Date()
    const rows: { id: number }[] = await trx
      .table('webhook_deliveries')
      .insert(
        endpoints.map((endpoint) => ({
          endpoint_id: endpoint.id,
          event_id: eventId,
          event_type: type,
          body,
          created_at: now,
        }))
      )
      .returning('id')
    trx.after('commit', () => this.#queue(rows.map((row) => Number(row.id))))
  }

  async #queue(deliveryIds: number[]) {
    await Promise.all(
      deliveryIds.map((deliveryId) => DeliverWebhookJob.dispatchOn(this.queues, deliveryId, 0))
    )
  }
}
