import {
  createPostgresBackend,
  createRedisBackend,
  type BackendFactory,
  type FlowJob,
  FlowProducer,
  type IQueueBackend,
  type Job as BullJob,
  type JobsOptions,
  type Processor,
  Queue,
  QueueEvents,
  QueueEventsProducer,
  Worker,
} from 'bullmq'
import { hostname } from 'node:os'
import { Redis } from 'ioredis'
import type { Logger } from '@adonisjs/core/logger'
import type { JobClass, PayloadOf, ResultOf } from '#core/queue/job'

type PostgresConnectionConfig =
  | { connectionString: string }
  | { host: string; port: number; user: string; password?: string; database: string }

export type QueueConfig = {
  concurrency: number
  /** How long a job's lock lasts; a crashed worker's job is retried after it. */
  lockDurationMs?: number
} & (
  | { backend: 'redis'; url: string }
  | { backend: 'postgres'; connection: PostgresConnectionConfig; schema: string }
)

/** A job class's name and queue, without the class: what a scheduler needs to name it. */
export type JobKind = Pick<JobClass, 'jobName' | 'queueName' | 'options'>

export type QueueBackendName = QueueConfig['backend']

const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
}

/**
 * BullMQ behind one small surface: the same Queue, Worker and QueueEvents
 * classes run on Redis or on BullMQ's PostgreSQL backend, chosen by config.
 */
export class QueueService {
  readonly backend: QueueBackendName
  readonly concurrency: number
  readonly lockDurationMs: number
  #factory: BackendFactory<IQueueBackend, unknown>
  #connection: unknown
  #redis?: Redis
  #queues = new Map<string, Queue>()
  #flows?: FlowProducer
  #producers = new Map<string, QueueEventsProducer>()

  constructor(
    config: QueueConfig,
    private logger: Logger
  ) {
    this.backend = config.backend
    this.concurrency = config.concurrency
    this.lockDurationMs = config.lockDurationMs ?? 30_000

    if (config.backend === 'redis') {
      this.#redis = new Redis(config.url, { maxRetriesPerRequest: null, lazyConnect: true })
      this.#redis.on('error', (error) => this.#reportConnectionError(error))
      this.#factory = createRedisBackend as BackendFactory<IQueueBackend, unknown>
      this.#connection = this.#redis
    } else {
      this.#factory = createPostgresBackend as BackendFactory<IQueueBackend, unknown>
      this.#connection = { ...config.connection, schema: config.schema, migrate: true }
    }
  }

  /**
   * Where the queue lives, for the boot report and /health.
   */
  describe() {
    return this.backend === 'redis' ? 'redis' : 'postgres'
  }

  queue(name: string): Queue {
    let queue = this.#queues.get(name)
    if (!queue) {
      queue = new Queue(
        name,
        { connection: this.#connection, defaultJobOptions: DEFAULT_JOB_OPTIONS },
        this.#factory
      ) as unknown as Queue
      queue.on('error', (error) => this.#reportConnectionError(error))
      this.#queues.set(name, queue)
    }
    return queue
  }

  /**
   * Enqueue a job of the given class with its typed payload.
   */
  async dispatch<J extends JobClass>(
    jobClass: J,
    payload: PayloadOf<J>,
    options?: JobsOptions
  ): Promise<BullJob<PayloadOf<J>, ResultOf<J>>> {
    const queue = this.queue(jobClass.queueName)
    const job = await queue.add(jobClass.jobName, payload, { ...jobClass.options, ...options })
    return job as BullJob<PayloadOf<J>, ResultOf<J>>
  }

  /**
   * Enqueues a parent job that runs once all its children have completed.
   */
  async dispatchFlow(flow: FlowJob) {
    if (!this.#flows) {
      this.#flows = new FlowProducer(
        { connection: this.#connection },
        this.#factory
      ) as unknown as FlowProducer
      this.#flows.on('error', (error) => this.#reportConnectionError(error))
    }
    return this.#flows.add(flow)
  }

  /**
   * A BullMQ job scheduler (docs/series.md, Schedules): creates or updates
   * the one named `id`, which enqueues a job of the class on each fire of
   * `repeat` (a cron pattern in a time zone, or every N ms). Lives in the
   * queue store, so it outlives restarts; upserting again is harmless.
   */
  async upsertScheduler(
    jobClass: JobKind,
    id: string,
    repeat: { pattern: string; tz: string } | { every: number },
    payload: Record<string, unknown>
  ) {
    const queue = this.queue(jobClass.queueName)
    await queue.upsertJobScheduler(id, repeat, {
      name: jobClass.jobName,
      data: payload,
      opts: jobClass.options,
    })
  }

  /** Removes a job scheduler and its next waiting fire; false when there was none. */
  removeScheduler(jobClass: JobKind, id: string) {
    return this.queue(jobClass.queueName).removeJobScheduler(id)
  }

  /** When a job scheduler fires next, in epoch ms; null when there is none. */
  async nextFireOf(jobClass: JobKind, id: string): Promise<number | null> {
    const scheduler = await this.queue(jobClass.queueName).getJobScheduler(id)
    return scheduler?.next ?? null
  }

  /**
   * Resolves with the job's return value once a worker has finished it.
   * Polls the job's state, which reads the same on both backends.
   */
  async waitForResult<J extends JobClass>(
    job: BullJob<PayloadOf<J>, ResultOf<J>>,
    timeoutMs: number
  ): Promise<ResultOf<J>> {
    const queue = this.queue(job.queueName)
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const state = await queue.getJobState(job.id!)
      if (state === 'completed' || state === 'failed') {
        const finished = await queue.getJob(job.id!)
        if (state === 'failed') {
          throw new Error(finished?.failedReason ?? `job ${job.id} failed`)
        }
        return finished!.returnvalue as ResultOf<J>
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`job ${job.id} did not finish within ${timeoutMs} ms`)
  }

  /**
   * A listener for a queue's job events (progress, completed, failed); the
   * caller closes it.
   */
  createQueueEvents(name: string): QueueEvents {
    const events = new QueueEvents(
      name,
      { connection: this.#connection },
      this.#factory
    ) as unknown as QueueEvents
    events.on('error', (error) => this.#reportConnectionError(error))
    return events
  }

  /**
   * Publishes a custom event on a queue's event stream: every process
   * listening with createQueueEvents(name) receives it, on either backend.
   */
  async publishEvent(name: string, event: { eventName: string } & Record<string, string | number>) {
    let producer = this.#producers.get(name)
    if (!producer) {
      producer = new QueueEventsProducer(
        name,
        { connection: this.#connection },
        this.#factory
      ) as unknown as QueueEventsProducer
      producer.on('error', (error) => this.#reportConnectionError(error))
      this.#producers.set(name, producer)
    }
    await producer.publishEvent(event)
  }

  createWorker(name: string, processor: Processor, concurrency = this.concurrency): Worker {
    return new Worker(
      name,
      processor,
      {
        // Kept on each job it takes (`job.processedBy`): which worker process ran it.
        name: `${hostname()}:${process.pid}`,
        connection: this.#connection,
        concurrency,
        autorun: true,
        lockDuration: this.lockDurationMs,
        stalledInterval: this.lockDurationMs,
      },
      this.#factory
    ) as unknown as Worker
  }

  /**
   * A real round trip to the queue backend, bounded in time.
   */
  async ping(timeoutMs = 2000): Promise<void> {
    const check = this.queue('default').getJobCounts('waiting')
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`queue backend did not answer in ${timeoutMs} ms`)),
        timeoutMs
      )
    })
    try {
      await Promise.race([check, timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  #reportConnectionError(error: Error) {
    this.logger.warn({ err: error, backend: this.backend }, 'queue backend connection error')
  }

  async close(): Promise<void> {
    await this.#flows?.close()
    this.#flows = undefined
    await Promise.all([...this.#producers.values()].map((producer) => producer.close()))
    this.#producers.clear()
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()))
    this.#queues.clear()
    if (this.#redis && this.#redis.status !== 'end') {
      this.#redis.disconnect()
    }
  }
}
