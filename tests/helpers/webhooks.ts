import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import DeliverWebhookJob from '#auth/jobs/deliver_webhook_job'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'

type Cleanup = (fn: () => Promise<void> | void) => void

type Received = { at: number; headers: IncomingHttpHeaders; body: string }

/** A customer's receiver on 127.0.0.1, answering each request with the next status of `answers` (then 200). */
export async function startReceiver(cleanup: Cleanup, answers: number[] = []) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        at: Date.now(),
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      })
      response.statusCode = answers.shift() ?? 200
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanup(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/hooks`, received }
}

/** WEBHOOK_PRIVATE_TARGETS=allow for one test, as the test environment sets it. */
export function allowPrivateTargets(cleanup: Cleanup) {
  env.set('WEBHOOK_PRIVATE_TARGETS', 'allow')
  cleanup(() => {
    env.set('WEBHOOK_PRIVATE_TARGETS', undefined as never)
    delete process.env.WEBHOOK_PRIVATE_TARGETS
  })
}

/** The delivery worker, in this process, on an empty queue unless `keepQueued`. */
export async function startDeliveryWorker(cleanup: Cleanup, { keepQueued = false } = {}) {
  const queues = await app.container.make(QueueService)
  if (!keepQueued) await queues.queue(DeliverWebhookJob.queueName).obliterate({ force: true })
  const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
    DeliverWebhookJob,
  ])
  await worker.start()
  cleanup(() => worker.stop())
}
