import type { ContainerResolver } from '@adonisjs/core/container'
import type { Logger } from '@adonisjs/core/logger'
import type { Job as BullJob, Worker } from 'bullmq'
import type { JobClass } from '#core/queue/job'
import type { QueueService } from '#core/queue/queue_service'

/**
 * Runs the registered job classes: one BullMQ worker per queue, each job
 * routed to its class by name. `stop()` stops taking new jobs and waits for
 * the running ones; a job cut off by a crash is picked up again by BullMQ's
 * stalled-job check.
 */
export class QueueWorker {
  #workers: Worker[] = []
  #handlers: Map<string, JobClass>

  constructor(
    private queues: QueueService,
    private container: ContainerResolver<any>,
    private logger: Logger,
    jobs: JobClass[],
    private concurrency?: number
  ) {
    this.#handlers = new Map(jobs.map((jobClass) => [jobClass.jobName, jobClass]))
  }

  get queueNames(): string[] {
    return [...new Set([...this.#handlers.values()].map((jobClass) => jobClass.queueName))]
  }

  /**
   * Jobs of a queue run at once: the worker's own setting (`--concurrency`,
   * QUEUE_CONCURRENCY) for every queue, else its job class's, else the
   * queue config's.
   */
  concurrencyOf(name: string): number {
    const declared = [...this.#handlers.values()].find(
      (jobClass) => jobClass.queueName === name && jobClass.concurrency
    )?.concurrency
    return this.concurrency ?? declared ?? this.queues.concurrency
  }

  async start(): Promise<void> {
    for (const name of this.queueNames) {
      const worker = this.queues.createWorker(
        name,
        (job) => this.#run(job),
        this.concurrencyOf(name)
      )
      worker.on('failed', (job, error) => {
        this.logger.warn({ job: job?.name, id: job?.id, err: error }, 'job failed')
      })
      worker.on('error', (error) => this.logger.error({ err: error }, 'queue worker error'))
      this.#workers.push(worker)
    }
    await Promise.all(this.#workers.map((worker) => worker.waitUntilReady()))
    for (const jobClass of this.#handlers.values()) {
      this.#prepare(jobClass).catch((error: unknown) =>
        this.logger.warn({ job: jobClass.jobName, err: error }, 'job not prepared')
      )
    }
  }

  async #prepare(jobClass: JobClass) {
    const handler = await this.container.make(jobClass)
    await handler.prepare()
  }

  async stop(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.close()))
    this.#workers = []
  }

  async #run(job: BullJob) {
    const jobClass = this.#handlers.get(job.name)
    if (!jobClass) {
      throw new Error(`No handler registered for job "${job.name}"`)
    }
    const handler = await this.container.make(jobClass)
    const started = Date.now()
    let outcome = 'failed'
    try {
      const result = await handler.handle(job.data, job)
      outcome = 'completed'
      return result
    } finally {
      // How long it waited for a worker and how long it ran (docs/decisions.md, Render timings).
      this.logger.info(
        {
          job: job.name,
          id: job.id,
          attempt: job.attemptsMade + 1,
          waitedMs: (job.processedOn ?? started) - job.timestamp,
          ms: Date.now() - started,
          outcome,
        },
        'job ran'
      )
    }
  }
}
