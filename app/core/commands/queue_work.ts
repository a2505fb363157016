import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import { describeComponents } from '#core/boot_report'
import { jobs } from '#start/jobs'
import { sweepJobWorkspaces } from '#core/queue/job_workspace'
import env from '#start/env'

export default class QueueWork extends BaseCommand {
  static commandName = 'queue:work'
  static description = 'Run the background job workers until SIGINT or SIGTERM'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.number({ description: 'Jobs processed at once per queue (default: QUEUE_CONCURRENCY)' })
  declare concurrency?: number

  async run() {
    // Jobs sign media URLs (a webhook's download link) through the routes; no HTTP server
    // commits them in this process.
    const router = await this.app.container.make('router')
    if (!router.commited) router.commit()
    const queues = await this.app.container.make(QueueService)
    const worker = new QueueWorker(
      queues,
      this.app.container.createResolver(),
      await this.app.container.make('logger'),
      jobs,
      this.concurrency ?? env.get('QUEUE_CONCURRENCY')
    )

    this.app.terminating(async () => {
      this.logger.info('queue worker stopping: finishing running jobs')
      await worker.stop()
      this.logger.info('queue worker stopped')
    })
    process.once('SIGINT', () => this.app.terminate())

    const swept = await sweepJobWorkspaces()
    if (swept > 0) {
      this.logger.info(`removed ${swept} scratch dir(s) left by an earlier worker`)
    }
    await worker.start()
    this.logger.info(
      `queue worker ready (${describeComponents()}) queues=` +
        worker.queueNames.map((name) => `${name}:${worker.concurrencyOf(name)}`).join(',')
    )
  }
}
