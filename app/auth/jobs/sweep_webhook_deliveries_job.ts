import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { Job } from '#core/queue/job'
import { QueueService } from '#core/queue/queue_service'
import WebhookDelivery from '#auth/models/webhook_delivery'
import DeliverWebhookJob from '#auth/jobs/deliver_webhook_job'
import webhooksConfig from '#config/webhooks'

/** How many pending deliveries one sweep queues again, oldest first. */
export const SWEEP_BATCH = 500

/**
 * Closes the outbox's one gap (docs/decisions.md, Webhooks): a process that
 * dies between the commit of an event and the queueing of its deliveries
 * leaves them pending with no job. Every few minutes, on a BullMQ job
 * scheduler upserted as each worker starts, it queues every pending delivery
 * older than a grace period again under its round's job id
 * (`webhook-<delivery>-<round>`). A delivery whose job exists already
 * (waiting, retrying later or running) is left as it is: BullMQ adds no job
 * under an id it holds.
 */
@inject()
export default class SweepWebhookDeliveriesJob extends Job<Record<string, never>, number> {
  static jobName = 'auth.sweep_webhook_deliveries'
  static queueName = DeliverWebhookJob.queueName
  static options = { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } }

  constructor(private queues: QueueService) {
    super()
  }

  /** Its schedule lives in the queue's store: upserting it again as a worker starts changes nothing. */
  async prepare() {
    const { jobName } = SweepWebhookDeliveriesJob
    await this.queues.upsertScheduler(
      SweepWebhookDeliveriesJob,
      jobName,
      { every: webhooksConfig.sweepEveryMs },
      {}
    )
  }

  /** Answers how many deliveries it queued again (a job already there counts too). */
  async handle() {
    const settled = DateTime.now().minus({ milliseconds: webhooksConfig.sweepAfterMs })
    const pending = await WebhookDelivery.query()
      .where('status', 'pending')
      .where('created_at', '<', settled.toJSDate())
      .orderBy('created_at')
      .limit(SWEEP_BATCH)
      .select('id', 'round')
    await Promise.all(
      pending.map((delivery) =>
        DeliverWebhookJob.dispatchOn(this.queues, delivery.id, delivery.round)
      )
    )
    return pending.length
  }
}
