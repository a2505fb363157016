import { inject } from '@adonisjs/core'
import { UnrecoverableError, type Job as BullJob } from 'bullmq'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Job } from '#core/queue/job'
import type { QueueService } from '#core/queue/queue_service'
import { SIGNATURE_HEADER, signatureHeader } from '#core/webhooks/webhook_signature'
import { WebhookSender, type SendOutcome } from '#core/webhooks/webhook_sender'
import WebhookDelivery from '#auth/models/webhook_delivery'
import WebhookEndpoint from '#auth/models/webhook_endpoint'
import webhooksConfig from '#config/webhooks'

export type DeliverWebhookPayload = { deliveryId: number }

/**
 * Sends one delivery (README, Webhooks): reads what to send, lets go of the
 * database, POSTs it signed with a fresh timestamp, then records the try
 * with a write conditional on the delivery still pending, so a job run
 * twice (a worker lost after sending) never logs it delivered twice. A
 * non-2xx answer or no answer is tried again by the queue with exponential
 * backoff (config/webhooks.ts); the last failed try marks it failed. An
 * address the guard refuses is never tried again.
 */
@inject()
export default class DeliverWebhookJob extends Job<DeliverWebhookPayload, void> {
  static jobName = 'auth.deliver_webhook'
  static queueName = 'webhooks'
  static options = {
    attempts: webhooksConfig.attempts,
    backoff: { type: 'exponential', delay: webhooksConfig.backoffMs },
  }

  /** Queues a delivery's `send`-th round of tries (0, then one per resend): one job per round. */
  static dispatchOn(queues: QueueService, deliveryId: number, send: number) {
    return queues.dispatch(
      DeliverWebhookJob,
      { deliveryId },
      { jobId: `webhook-${deliveryId}-${send}` }
    )
  }

  constructor(private sender: WebhookSender) {
    super()
  }

  async handle({ deliveryId }: DeliverWebhookPayload, job: BullJob) {
    const delivery = await WebhookDelivery.query()
      .where('id', deliveryId)
      .where('status', 'pending')
      .first()
    if (!delivery) return
    const endpoint = await WebhookEndpoint.find(delivery.endpointId)
    if (!endpoint) return
    const timestamp = Math.floor(Date.now() / 1000)
    const outcome = await this.sender.send(endpoint.url, delivery.body, {
      [SIGNATURE_HEADER]: signatureHeader(endpoint.secret(), delivery.body, timestamp),
    })
    const delivered = outcome.status === 'answered' && outcome.statusCode < 300
    const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
    const final = outcome.status === 'refused' || lastTry
    await this.#record(delivery.id, outcome, delivered ? 'delivered' : final ? 'failed' : 'pending')
    if (delivered) return
    const reason = outcome.status === 'answered' ? `HTTP ${outcome.statusCode}` : outcome.reason
    throw final ? new UnrecoverableError(reason) : new Error(reason)
  }

  async #record(id: number, outcome: SendOutcome, status: WebhookDelivery['status']) {
    const now = DateTime.now()
    await WebhookDelivery.query()
      .where('id', id)
      .where('status', 'pending')
      .update({
        status,
        attempts: db.raw('attempts + 1'),
        status_code: outcome.status === 'answered' ? outcome.statusCode : null,
        error: outcome.status === 'answered' ? null : outcome.reason.slice(0, 200),
        last_attempt_at: now.toJSDate(),
        delivered_at: status === 'delivered' ? now.toJSDate() : null,
      })
  }
}
