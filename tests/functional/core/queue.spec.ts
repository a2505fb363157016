import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { postgresConnection } from '#config/database'
import HealthPingJob from '#core/jobs/health_ping_job'
import { Job } from '#core/queue/job'
import { QueueWorker } from '#core/queue/queue_worker'
import { QueueService, type QueueConfig } from '#core/queue/queue_service'
import { until } from '#tests/helpers/wait'

const backends: QueueConfig[] = [
  { backend: 'postgres', connection: postgresConnection, schema: 'bullmq', concurrency: 2 },
  { backend: 'redis', url: env.get('REDIS_URL', 'redis://127.0.0.1:6379'), concurrency: 2 },
]

test.group('Queue', () => {
  test('a job enqueued on the {backend} backend is processed by a worker')
    .with(backends)
    .run(async ({ assert, cleanup }, config) => {
      const queues = new QueueService(config, logger)
      const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
        HealthPingJob,
      ])
      cleanup(async () => {
        await worker.stop()
        await queues.close()
      })
      await worker.start()

      const sentAt = Date.now()
      const job = await queues.dispatch(HealthPingJob, { sentAt })
      const result = await queues.waitForResult(job, 15_000)

      assert.equal(result.sentAt, sentAt)
      assert.isAtLeast(result.handledAt, sentAt)
      assert.equal(result.workerPid, process.pid)
      assert.equal(await queues.queue(HealthPingJob.queueName).getJobState(job.id!), 'completed')
    })

  test('a worker readies each job it runs once, as it starts', async ({ assert, cleanup }) => {
    const readied: string[] = []
    class ReadiedJob extends Job<Record<string, never>, string> {
      static jobName = 'test.readied'
      static queueName = 'default'
      async prepare() {
        readied.push(ReadiedJob.jobName)
      }
      async handle() {
        return 'done'
      }
    }
    const queues = await app.container.make(QueueService)
    const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
      HealthPingJob,
      ReadiedJob,
    ])
    cleanup(() => worker.stop())

    await worker.start()

    await until(() => readied.length > 0, 5000, 'the job to be readied')
    assert.deepEqual(readied, [ReadiedJob.jobName])
  })

  test('the queue:work process answers jobs and exits cleanly on {$self}')
    .with(['SIGTERM', 'SIGINT'] as const)
    .timeout(60_000)
    .run(async ({ assert, cleanup }, signal) => {
      const child = spawn(process.execPath, ['ace.js', 'queue:work'], {
        cwd: app.makePath(),
        env: { ...process.env, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      cleanup(() => {
        if (child.exitCode === null) child.kill('SIGKILL')
      })
      let output = ''
      child.stdout.on('data', (chunk) => (output += chunk))
      child.stderr.on('data', (chunk) => (output += chunk))
      await until(
        () => output.includes('queue worker ready'),
        30_000,
        () => output
      )

      const queues = await app.container.make(QueueService)
      const job = await queues.dispatch(HealthPingJob, { sentAt: Date.now() })
      const result = await queues.waitForResult(job, 15_000)
      assert.equal(result.workerPid, child.pid)

      child.kill(signal)
      const [code] = await once(child, 'exit')

      assert.equal(code, 0, output)
      assert.include(output, 'queue worker stopped')
    })

  test('queue:work runs QUEUE_CONCURRENCY jobs at once on every queue, --concurrency over it')
    .with([
      { args: [], env: {}, queues: 'default:2,webhooks:2,media:3,render:1,series:2' },
      {
        args: [],
        env: { QUEUE_CONCURRENCY: '3' },
        queues: 'default:3,webhooks:3,media:3,render:3,series:3',
      },
      {
        args: ['--concurrency', '1'],
        env: { QUEUE_CONCURRENCY: '3' },
        queues: 'default:1,webhooks:1,media:1,render:1,series:1',
      },
    ])
    .timeout(60_000)
    .run(async ({ assert, cleanup }, { args, env: settings, queues }) => {
      const child = spawn(process.execPath, ['ace.js', 'queue:work', ...args], {
        cwd: app.makePath(),
        env: { ...process.env, NODE_ENV: 'test', QUEUE_CONCURRENCY: '', ...settings },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      cleanup(async () => {
        child.kill('SIGTERM')
        await once(child, 'exit')
      })
      let output = ''
      child.stdout.on('data', (chunk) => (output += chunk))
      child.stderr.on('data', (chunk) => (output += chunk))
      await until(
        () => output.includes('queue worker ready'),
        30_000,
        () => output
      )

      assert.include(output, `queues=${queues}`)
    })
})
