import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import HealthPingJob from '#core/jobs/health_ping_job'
import { QueueService } from '#core/queue/queue_service'

export default class QueuePing extends BaseCommand {
  static commandName = 'queue:ping'
  static description = 'Send a ping job and wait for a worker to answer it'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'How long to wait for a worker, in ms', default: 10_000 })
  declare timeout: number

  async run() {
    const queues = await this.app.container.make(QueueService)
    const job = await queues.dispatch(HealthPingJob, { sentAt: Date.now() })
    try {
      const result = await queues.waitForResult(job, this.timeout)
      this.logger.success(
        `pong from worker pid ${result.workerPid} in ${Date.now() - result.sentAt} ms (${queues.describe()} backend)`
      )
    } catch (error) {
      this.logger.error(`no worker answered within ${this.timeout} ms: ${(error as Error).message}`)
      this.exitCode = 1
    }
  }
}
