import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { QueueService } from '#core/queue/queue_service'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { freePort } from '#tests/helpers/dev_app'
import { until } from '#tests/helpers/wait'
import { composeJobId, renderSceneJobId } from '#studio/render/run_ids'

/** Kept here too for the fault suites that import it from this file. */
export { until }

/**
 * A Redis server of the test's own (never the shared one on 6379), on a free
 * port with its own data directory and an append-only file synced on every
 * write, as a production Redis behind BullMQ is run: a restart keeps the queue.
 */
export class OwnRedis {
  #process?: ChildProcess
  output = ''

  private constructor(
    readonly port: number,
    readonly dir: string
  ) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`
  }

  static async start() {
    const redis = new OwnRedis(await freePort(), await mkdtemp(join(tmpdir(), 'reelforge-redis-')))
    await redis.#spawn()
    return redis
  }

  async #spawn() {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    child.stdout!.on('data', (chunk) => (this.output += chunk))
    child.stderr!.on('data', (chunk) => (this.output += chunk))
    this.#process = child
    await until(
      () => this.output.includes('Ready to accept connections'),
      10_000,
      () => `redis on ${this.port}:\n${this.output}`
    )
  }

  /** Stops the server; the queue's clients see the connection drop. */
  async stop() {
    const child = this.#process
    if (!child || child.exitCode !== null) return
    child.kill('SIGTERM')
    await once(child, 'exit')
  }

  async restart() {
    await this.stop()
    await this.#spawn()
  }

  async destroy() {
    await this.stop()
    await rm(this.dir, { recursive: true, force: true })
  }
}

/**
 * A QueueService on `redisUrl` that the app's requests use for one test
 * (the test process is the web process), with the render queues emptied.
 */
export async function useRedisQueues(redisUrl: string, cleanup: (fn: () => Promise<void>) => void) {
  const queues = new QueueService(
    {
      backend: 'redis',
      url: redisUrl,
      concurrency: 2,
      lockDurationMs: env.get('QUEUE_LOCK_MS', 30_000),
    },
    logger
  )
  app.container.swap(QueueService, () => queues)
  cleanup(async () => {
    app.container.restore(QueueService)
    await queues.close()
  })
  return queues
}

/**
 * `node ace queue:work` as its own process, on Node 24 as the test runner
 * itself; `env` adds settings (REDIS_URL for the Redis backend).
 */
export class WorkerProcess {
  output = ''
  readonly child: ChildProcess

  private constructor(extraEnv: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['ace.js', 'queue:work'], {
      cwd: app.makePath(),
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child.stdout!.on('data', (chunk) => (this.output += chunk))
    this.child.stderr!.on('data', (chunk) => (this.output += chunk))
  }

  get pid() {
    return this.child.pid!
  }

  /** The name BullMQ keeps on the jobs this process ran (`job.processedBy`). */
  get workerName() {
    return `${hostname()}:${this.pid}`
  }

  static async start(extraEnv: NodeJS.ProcessEnv = {}) {
    const worker = new WorkerProcess(extraEnv)
    await until(
      () => worker.output.includes('queue worker ready') || worker.child.exitCode !== null,
      60_000,
      () => `queue:work to start:\n${worker.output}`
    )
    if (worker.child.exitCode !== null) {
      throw new Error(`queue:work exited with ${worker.child.exitCode}:\n${worker.output}`)
    }
    return worker
  }

  async kill() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    this.child.kill('SIGKILL')
    await once(this.child, 'exit')
  }

  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    this.child.kill('SIGTERM')
    await once(this.child, 'exit')
  }
}

/** Polls until every project's render has ended (done or failed). */
export async function waitForProjects(projects: Project[], timeoutMs: number) {
  const ids = projects.map((project) => project.id)
  const ended = async () => {
    const rows = await Project.query().whereIn('id', ids).orderBy('id')
    return rows.every((row) => row.status === 'done' || row.status === 'failed') ? rows : null
  }
  await until(async () => (await ended()) !== null, timeoutMs, 'renders to end')
  return (await ended())!
}

export type RenderJobRecord = {
  id: string
  state: string
  attemptsStarted: number
  processedBy: string | undefined
}

/**
 * The BullMQ jobs of the projects' first render run: one per scene on
 * `media` and the compose job on `render`, in that order per project, with
 * how often a worker started each and which worker finished it.
 */
export async function renderJobsOf(queues: QueueService, projects: Project[]) {
  const records: RenderJobRecord[] = []
  for (const project of projects) {
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')
    const wanted: [string, string][] = [
      ...scenes.map((scene) => ['media', renderSceneJobId(scene.id, 1)] as [string, string]),
      ['render', composeJobId(project.id, 1)],
    ]
    for (const [queueName, id] of wanted) {
      const queue = queues.queue(queueName)
      const job = await queue.getJob(id)
      records.push({
        id,
        state: job ? await queue.getJobState(id) : 'missing',
        attemptsStarted: job?.attemptsStarted ?? 0,
        processedBy: job?.processedBy,
      })
    }
  }
  return records
}
