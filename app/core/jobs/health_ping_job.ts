import type { Job as BullJob } from 'bullmq'
import { Job } from '#core/queue/job'

export interface HealthPingPayload {
  sentAt: number
}

export interface HealthPingResult {
  sentAt: number
  handledAt: number
  workerPid: number
}

/**
 * Proves a worker is alive and reachable through the queue backend:
 * `queue:ping` sends one and reports the round trip.
 */
export default class HealthPingJob extends Job<HealthPingPayload, HealthPingResult> {
  static jobName = 'core.health_ping'
  static queueName = 'default'
  static options = { attempts: 1 }

  async handle(payload: HealthPingPayload, job: BullJob) {
    await job.updateProgress(100)
    return { sentAt: payload.sentAt, handledAt: Date.now(), workerPid: process.pid }
  }
}
