import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import DeliverWebhookJob from '#auth/jobs/deliver_webhook_job'
import SweepWebhookDeliveriesJob from '#auth/jobs/sweep_webhook_deliveries_job'
import { WEBHOOK_MESSAGES } from '#auth/answers'
import { CreditLedger, LOW_CREDITS_THRESHOLD } from '#billing/services/credit_ledger'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import { SEND_REFUSALS, WebhookSender } from '#core/webhooks/webhook_sender'
import { createAccount } from '#tests/helpers/auth'
import { balanceOf, setBalance } from '#tests/helpers/billing'
import { callApi, createAgencyAccount, createApiToken } from '#tests/helpers/api_tokens'
import {
  createProject,
  generateAll,
  obliterateQueues,
  outputFile,
  startRenderWorker,
  waitForStatus,
} from '#tests/helpers/studio'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import Scene from '#studio/models/scene'
import { probe } from '#media/ffmpeg/probe'
import { until } from '#tests/helpers/wait'
import { allowPrivateTargets, startDeliveryWorker, startReceiver } from '#tests/helpers/webhooks'

/** The README's verification snippet (Webhooks), as a customer's receiver runs it. */
function verifyReelforgeWebhook(
  rawBody: string,
  header: string,
  secret: string,
  toleranceSeconds = 300
) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)))
  const timestamp = Number(parts.t)
  if (!Number.isInteger(timestamp) || !parts.v1) return false
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest()
  const given = Buffer.from(parts.v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** A render's charge, as Generate Final Video makes it. */
async function charge(user: User, amount: number, reference: string) {
  const ledger = await app.container.make(CreditLedger)
  return ledger.charge({ userId: user.id, amount, reference })
}

async function deliveriesOf(endpointId: number) {
  return db.from('webhook_deliveries').where('endpoint_id', endpointId).orderBy('id')
}

test.group('Webhooks: signed deliveries to a customer’s endpoint', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('credits.low reaches the endpoint once, signed as the README says, and is logged', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateTargets(cleanup)
    const receiver = await startReceiver(cleanup)
    await startDeliveryWorker(cleanup)
    const user = await createAgencyAccount('hooks@example.com')
    await setBalance(user, 100, 'webhooks-start')

    const created = await client
      .post('/api/webhook-endpoints')
      .json({ url: receiver.url, events: ['credits.low', 'video.completed'] })
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)
    const { endpoint, secret } = created.body() as { endpoint: { id: number }; secret: string }
    assert.match(secret, /^whsec_/)
    const [row] = await db.from('webhook_endpoints').where('id', endpoint.id)
    assert.notInclude(JSON.stringify(row), secret, 'the secret is kept encrypted')

    // 100 → 70 stays above the threshold; 70 → 40 crosses it; 40 → 20 is already low.
    await charge(user, 30, 'run-1')
    await charge(user, 30, 'run-2')
    await charge(user, 20, 'run-3')
    await until(() => receiver.received.length >= 1, 10_000, 'the delivery')
    const [delivery] = receiver.received
    const header = delivery.headers['reelforge-signature'] as string
    assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/)
    assert.isTrue(verifyReelforgeWebhook(delivery.body, header, secret))
    assert.isFalse(verifyReelforgeWebhook(delivery.body, header, 'whsec_someone-else'))
    assert.isFalse(verifyReelforgeWebhook(`${delivery.body} `, header, secret))
    const event = JSON.parse(delivery.body)
    assert.equal(event.type, 'credits.low')
    assert.deepEqual(event.data, { credits: { balance: 40, threshold: LOW_CREDITS_THRESHOLD } })
    assert.match(event.id, /^[0-9a-f-]{36}$/)

    await until(
      async () => {
        const rows = await deliveriesOf(endpoint.id)
        return rows.some((entry) => entry.status === 'delivered')
      },
      5000,
      'the delivery logged'
    )
    const log = await client.get(`/api/webhook-endpoints/${endpoint.id}`).loginAs(user)
    log.assertStatus(200)
    const shown = log.body() as { deliveries: Record<string, unknown>[] }
    assert.lengthOf(shown.deliveries, 1, 'one event: only the charge that crossed 60')
    assert.containsSubset(shown.deliveries[0], {
      eventId: event.id,
      eventType: 'credits.low',
      status: 'delivered',
      attempts: 1,
      statusCode: 200,
    })
    assert.notInclude(JSON.stringify(log.body()), secret)
    assert.lengthOf(receiver.received, 1)
  })

  test('a receiver answering 500 three times gets the event again, later each time, until it takes it', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateTargets(cleanup)
    const receiver = await startReceiver(cleanup, [500, 500, 500])
    await startDeliveryWorker(cleanup)
    const user = await createAgencyAccount('retries@example.com')
    await setBalance(user, 61, 'webhooks-start')
    const created = await client
      .post('/api/webhook-endpoints')
      .json({ url: receiver.url, events: ['credits.low'] })
      .loginAs(user)
      .withCsrfToken()
    const { endpoint } = created.body() as { endpoint: { id: number } }

    await charge(user, 5, 'run-1')
    await until(
      async () => {
        const [row] = await deliveriesOf(endpoint.id)
        return row?.status === 'delivered'
      },
      15_000,
      'the fourth try delivered'
    )
    assert.lengthOf(receiver.received, 4)
    const ids = new Set(receiver.received.map((entry) => JSON.parse(entry.body).id))
    assert.equal(ids.size, 1, 'the same event each time')
    const gaps = receiver.received
      .slice(1)
      .map((entry, index) => entry.at - receiver.received[index].at)
    // Each retry waits at least its exponential backoff (base · 2^n): the floors grow 1, 2, 4.
    // The ceiling is the machine's scheduling noise, so only the floors are asserted.
    const base = DeliverWebhookJob.options.backoff.delay
    gaps.forEach((gap, retry) => {
      assert.isAtLeast(gap, base * 2 ** retry, `wait ${retry + 1} of ${gaps.join(', ')} ms`)
    })
    const [row] = await deliveriesOf(endpoint.id)
    assert.containsSubset(row, { status: 'delivered', attempts: 4, status_code: 200 })
  })

  test('a receiver that never takes it: failed after the last try, then Resend delivers it', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateTargets(cleanup)
    const attempts = DeliverWebhookJob.options.attempts
    const receiver = await startReceiver(cleanup, Array(attempts).fill(503))
    await startDeliveryWorker(cleanup)
    const user = await createAgencyAccount('resend@example.com')
    await setBalance(user, 61, 'webhooks-start')
    const created = await client
      .post('/api/webhook-endpoints')
      .json({ url: receiver.url, events: ['credits.low'] })
      .loginAs(user)
      .withCsrfToken()
    const { endpoint } = created.body() as { endpoint: { id: number } }
    await charge(user, 5, 'run-1')
    await until(
      async () => {
        const [row] = await deliveriesOf(endpoint.id)
        return row?.status === 'failed'
      },
      15_000,
      'the delivery failed'
    )
    const [failed] = await deliveriesOf(endpoint.id)
    assert.containsSubset(failed, { attempts, status_code: 503 })
    assert.lengthOf(receiver.received, attempts)

    const resent = await client
      .post(`/api/webhook-deliveries/${failed.id}/resend`)
      .loginAs(user)
      .withCsrfToken()
    resent.assertStatus(202)
    await until(
      async () => {
        const [row] = await deliveriesOf(endpoint.id)
        return row?.status === 'delivered'
      },
      10_000,
      'the resend delivered'
    )
    assert.equal(
      JSON.parse(receiver.received.at(-1)!.body).id,
      JSON.parse(receiver.received[0].body).id,
      'the same event'
    )
    const rows = await deliveriesOf(endpoint.id)
    assert.lengthOf(rows, 1, 'one log line per event')
    assert.containsSubset(rows[0], { status: 'delivered', attempts: attempts + 1 })
  })
})

test.group('Webhooks: a delivery run twice', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a job taken again while or after it sent (a worker lost) logs the delivery once', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateTargets(cleanup)
    const receiver = await startReceiver(cleanup)
    const queues = await app.container.make(QueueService)
    await queues.queue(DeliverWebhookJob.queueName).obliterate({ force: true })
    const user = await createAgencyAccount('twice@example.com')
    await setBalance(user, 61, 'webhooks-start')
    const created = await client
      .post('/api/webhook-endpoints')
      .json({ url: receiver.url, events: ['credits.low'] })
      .loginAs(user)
      .withCsrfToken()
    const { endpoint } = created.body() as { endpoint: { id: number } }
    await charge(user, 5, 'run-1')
    const [pending] = await deliveriesOf(endpoint.id)
    assert.equal(pending.status, 'pending')

    // The same delivery queued again beside its own job, as a stalled job's retry would be.
    await DeliverWebhookJob.dispatchOn(queues, Number(pending.id), 7)
    await startDeliveryWorker(cleanup, { keepQueued: true })
    await until(
      async () => {
        const counts = await queues.queue(DeliverWebhookJob.queueName).getJobCounts('completed')
        return counts.completed === 2
      },
      10_000,
      'both jobs done'
    )
    const rows = await deliveriesOf(endpoint.id)
    assert.lengthOf(rows, 1)
    assert.containsSubset(rows[0], { status: 'delivered', attempts: 1, status_code: 200 })
    const ids = new Set(receiver.received.map((entry) => JSON.parse(entry.body).id))
    assert.equal(ids.size, 1, 'whatever reached the receiver was the one event')
  })
})

test.group('Webhooks: the sweep of deliveries a crash left unqueued', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a worker starting puts the sweep on a job scheduler, every 5 minutes', async ({
    assert,
    cleanup,
  }) => {
    const queues = await app.container.make(QueueService)
    const queue = queues.queue(SweepWebhookDeliveriesJob.queueName)
    await queue.obliterate({ force: true })
    const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
      DeliverWebhookJob,
      SweepWebhookDeliveriesJob,
    ])
    await worker.start()
    cleanup(async () => {
      await worker.stop()
      await queue.obliterate({ force: true })
    })

    await until(
      async () => Boolean(await queue.getJobScheduler(SweepWebhookDeliveriesJob.jobName)),
      10_000,
      'the scheduler'
    )
    const scheduler = await queue.getJobScheduler(SweepWebhookDeliveriesJob.jobName)
    assert.equal(scheduler!.every, 5 * 60_000)
    assert.equal(await queue.getJobSchedulersCount(), 1, 'upserted, never added twice')
  })

  test('a pending delivery with no job is sent once, however many sweeps run', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateTargets(cleanup)
    const receiver = await startReceiver(cleanup)
    await startDeliveryWorker(cleanup)
    const user = await createAgencyAccount('swept@example.com')
    const created = await client
      .post('/api/webhook-endpoints')
      .json({ url: receiver.url, events: ['credits.low'] })
      .loginAs(user)
      .withCsrfToken()
    const { endpoint } = created.body() as { endpoint: { id: number } }
    // What a process that died right after committing the event leaves: the row, and no job.
    const eventId = '8d5e1f0c-2b1a-4c7e-9f3d-0a6b5c4d3e21'
    const body = JSON.stringify({ id: eventId, type: 'credits.low', created: 1, data: {} })
    const fresh = { endpoint_id: endpoint.id, event_type: 'credits.low', body }
    await db.table('webhook_deliveries').insert([
      { ...fresh, event_id: eventId, created_at: new Date(Date.now() - 3 * 60_000) },
      { ...fresh, event_id: randomUUID(), created_at: new Date() },
    ])

    const sweep = await app.container.make(SweepWebhookDeliveriesJob)
    const swept = await Promise.all([sweep.handle(), sweep.handle()])

    assert.deepEqual(swept, [1, 1], 'only the delivery past its grace period')
    await until(
      async () => {
        const [first] = await deliveriesOf(endpoint.id)
        return first.status === 'delivered'
      },
      10_000,
      'the swept delivery sent'
    )
    assert.equal(await sweep.handle(), 0, 'delivered: nothing left to sweep')
    assert.lengthOf(receiver.received, 1)
    assert.equal(JSON.parse(receiver.received[0].body).id, eventId)
    const [sent, young] = await deliveriesOf(endpoint.id)
    assert.containsSubset(sent, { status: 'delivered', attempts: 1 })
    assert.containsSubset(young, { status: 'pending', attempts: 0 }, 'still being queued')
  })
})

/**
 * An agency account with 100 credits whose endpoint (a local receiver)
 * takes `events`, with the delivery worker running.
 */
async function receivingAccount(
  client: ApiClient,
  cleanup: (fn: () => Promise<void> | void) => void,
  email: string,
  events: string[]
) {
  allowPrivateTargets(cleanup)
  const receiver = await startReceiver(cleanup)
  await startDeliveryWorker(cleanup)
  const user = await createAgencyAccount(email)
  await setBalance(user, 100, 'webhooks-start')
  const created = await client
    .post('/api/webhook-endpoints')
    .json({ url: receiver.url, events })
    .loginAs(user)
    .withCsrfToken()
  created.assertStatus(201)
  const { secret } = created.body() as { secret: string }
  return { receiver, user, secret }
}

test.group('Webhooks: a render’s end', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.teardown(() => obliterateQueues())

  test('a finished render sends video.completed with what a posting flow needs', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { receiver, user, secret } = await receivingAccount(
      client,
      cleanup,
      'render-hooks@example.com',
      ['video.completed', 'video.failed']
    )
    await startRenderWorker(cleanup)
    const project = await createProject(user, 1)

    const started = await generateAll(client, user, project.id)
    started.assertStatus(202)
    const done = await waitForStatus(project.id, ['done', 'failed'], 60_000)
    assert.equal(done.status, 'done', done.error ?? '')
    await until(() => receiver.received.length >= 1, 10_000, 'video.completed')

    const [delivery] = receiver.received
    const header = delivery.headers['reelforge-signature'] as string
    assert.isTrue(verifyReelforgeWebhook(delivery.body, header, secret))
    const event = JSON.parse(delivery.body)
    assert.equal(event.type, 'video.completed')
    const { video } = event.data
    assert.containsSubset(video, {
      id: project.id,
      status: 'done',
      durationSeconds: 5,
      resolution: done.resolution,
    })
    assert.isTrue(video.url.endsWith(`/api/videos/${project.id}`))
    assert.equal(
      new URL(video.downloadUrl).pathname.split('/').at(-1),
      done.outputVideoKey!.split('/').at(-1)
    )
    assert.isString(video.thumbnailUrl)
    // Ready to post: the post the script writer wrote, as the API shows it (docs/product.md).
    const shown = await client.get(`/api/videos/${project.id}`).loginAs(user)
    assert.deepEqual(video.post, shown.body().post)
    assert.deepEqual(video.post, done.post)
    assert.equal(video.post.title, 'Scene number 1')
    assert.includeMembers(video.post.hashtags, ['#scene', '#number'])
    assert.lengthOf(receiver.received, 1, 'no credits.low: it was not asked for')
  })

  test('video.completed says the length of the file: a last scene held for its words counts', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { receiver, user } = await receivingAccount(
      client,
      cleanup,
      'held-scene-hooks@example.com',
      ['video.completed']
    )
    await startRenderWorker(cleanup)
    const project = await createProject(user, 1)
    // More words than five seconds hold, even sped up: the scene is held until they end.
    await Scene.query().where('project_id', project.id).update({
      prompt:
        'Twenty two words are far more than one short five second scene can ever hold at an ordinary speaking pace, so it waits.',
    })

    const started = await generateAll(client, user, project.id)
    started.assertStatus(202)
    const done = await waitForStatus(project.id, ['done', 'failed'], 60_000)
    assert.equal(done.status, 'done', done.error ?? '')
    await until(() => receiver.received.length >= 1, 10_000, 'video.completed')

    const { video } = JSON.parse(receiver.received[0].body).data
    const file = await outputFile(done.outputVideoKey!)
    cleanup(file.cleanup)
    const { durationSeconds } = await probe(file.path)
    assert.isAbove(durationSeconds, 5.2, 'the last scene was held')
    assert.closeTo(video.durationSeconds, durationSeconds, 0.05)
  })

  test('a render that fails for good sends video.failed with the reason', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { receiver, user } = await receivingAccount(client, cleanup, 'failed-hooks@example.com', [
      'video.failed',
    ])
    const project = await createProject(user, 1)
    const started = await generateAll(client, user, project.id)
    started.assertStatus(202)

    // What the render job does when its last attempt fails.
    const lifecycle = await app.container.make(VideoLifecycle)
    await lifecycle.fail(project.id, 1, 'The voice-over could not be made.')
    await until(() => receiver.received.length >= 1, 10_000, 'video.failed')
    const event = JSON.parse(receiver.received[0].body)
    assert.equal(event.type, 'video.failed')
    assert.containsSubset(event.data.video, {
      id: project.id,
      status: 'failed',
      error: 'The voice-over could not be made.',
    })
    assert.equal(await balanceOf(user), 100, 'refunded')
  })
})

test.group('Webhooks: endpoints refused before anything is sent', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every non-public address written in the URL is refused at creation', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('ssrf@example.com')
    const hosts = [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.0.10',
      '100.64.0.1',
      '169.254.169.254',
      '169.254.1.1',
      '[::1]',
      '[::]',
      '[fe80::1]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:169.254.169.254]',
      '[64:ff9b::a9fe:a9fe]',
    ]
    for (const host of hosts) {
      const response = await client
        .post('/api/webhook-endpoints')
        .json({ url: `http://${host}/hooks`, events: ['video.completed'] })
        .loginAs(user)
        .withCsrfToken()
      assert.equal(response.status(), 422, host)
      assert.equal(
        (response.body() as { errors: { message: string }[] }).errors[0].message,
        SEND_REFUSALS.privateAddress,
        host
      )
    }
    const rows = await db.from('webhook_endpoints').where('user_id', user.id)
    assert.lengthOf(rows, 0)
  })

  test('a name that resolves to a private address when connecting is never sent to, nor retried', async ({
    client,
    assert,
    cleanup,
  }) => {
    const receiver = await startReceiver(cleanup)
    const port = new URL(receiver.url).port
    // The name's owner points it at the metadata service, at loopback (where the receiver is), at a private network.
    const names: Record<string, string[]> = {
      'metadata.hooks.example': ['169.254.169.254'],
      'loopback.hooks.example': ['127.0.0.1'],
      'lan.hooks.example': ['10.0.0.7', '::1'],
    }
    app.container.swap(
      WebhookSender,
      () =>
        new WebhookSender({
          resolve: async (hostname) =>
            (names[hostname] ?? []).map((address) => ({
              address,
              family: address.includes(':') ? 6 : 4,
            })),
        })
    )
    cleanup(() => app.container.restore(WebhookSender))
    await startDeliveryWorker(cleanup)
    const user = await createAgencyAccount('rebind@example.com')
    await setBalance(user, 61, 'webhooks-start')
    for (const name of Object.keys(names)) {
      const created = await client
        .post('/api/webhook-endpoints')
        .json({ url: `http://${name}:${port}/hooks`, events: ['credits.low'] })
        .loginAs(user)
        .withCsrfToken()
      created.assertStatus(201)
    }
    await charge(user, 5, 'run-1')
    await until(
      async () => {
        const rows = await db
          .from('webhook_deliveries')
          .join('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
          .where('webhook_endpoints.user_id', user.id)
          .where('status', 'failed')
        return rows.length === 3
      },
      10_000,
      'the three deliveries refused'
    )
    const rows = await db
      .from('webhook_deliveries')
      .join('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .where('webhook_endpoints.user_id', user.id)
    for (const row of rows) {
      assert.containsSubset(row, {
        status: 'failed',
        attempts: 1,
        status_code: null,
        error: SEND_REFUSALS.privateAddress,
      })
    }
    assert.lengthOf(receiver.received, 0, 'nothing reached the local receiver')
  })
})

test.group('Webhooks: whose they are, and which plans have them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('another user’s endpoint and deliveries are 404 on every route', async ({
    client,
    assert,
  }) => {
    const owner = await createAgencyAccount('owner@example.com')
    const other = await createAgencyAccount('other@example.com')
    const created = await client
      .post('/api/webhook-endpoints')
      .json({ url: 'https://owner-hooks.example.com/in', events: ['video.failed'] })
      .loginAs(owner)
      .withCsrfToken()
    const { endpoint } = created.body() as { endpoint: { id: number } }
    const [delivery] = await db
      .table('webhook_deliveries')
      .insert({
        endpoint_id: endpoint.id,
        event_id: '00000000-0000-4000-8000-000000000001',
        event_type: 'video.failed',
        body: '{}',
        status: 'failed',
        attempts: 11,
        created_at: new Date(),
      })
      .returning('id')

    const attempts = [
      client.get(`/api/webhook-endpoints/${endpoint.id}`),
      client.patch(`/api/webhook-endpoints/${endpoint.id}`).json({ events: ['credits.low'] }),
      client.delete(`/api/webhook-endpoints/${endpoint.id}`),
      client.post(`/api/webhook-deliveries/${delivery.id}/resend`),
    ]
    for (const request of attempts) {
      const response = await request.loginAs(other).withCsrfToken()
      response.assertStatus(404)
      assert.notInclude(response.text(), 'owner-hooks')
    }
    const page = await client
      .delete(`/profile/webhooks/${endpoint.id}`)
      .loginAs(other)
      .withCsrfToken()
      .redirects(0)
    assert.equal(page.status(), 404)
    const listed = await client.get('/api/webhook-endpoints').loginAs(other)
    assert.deepEqual(listed.body(), [])
    const [row] = await db.from('webhook_endpoints').where('id', endpoint.id)
    assert.deepEqual(row.events, ['video.failed'])
    const [kept] = await deliveriesOf(endpoint.id)
    assert.equal(kept.status, 'failed')
  })

  test('a program manages its endpoints with its API token alone', async ({ assert }) => {
    const user = await createAgencyAccount('program-hooks@example.com')
    const token = await createApiToken(user)
    const created = await callApi('POST', '/api/webhook-endpoints', {
      token,
      body: { url: 'https://hooks.example.com/in', events: ['video.completed'] },
    })
    assert.equal(created.status, 201)
    assert.match(created.body.secret, /^whsec_/)
    const id = created.body.endpoint.id
    const changed = await callApi('PATCH', `/api/webhook-endpoints/${id}`, {
      token,
      body: { events: ['video.completed', 'credits.low'] },
    })
    assert.equal(changed.status, 200)
    assert.deepEqual(changed.body.events, ['video.completed', 'credits.low'])
    const listed = await callApi('GET', '/api/webhook-endpoints', { token })
    assert.deepEqual(
      listed.body.map((endpoint: { id: number; url: string }) => [endpoint.id, endpoint.url]),
      [[id, 'https://hooks.example.com/in']]
    )
    assert.notInclude(JSON.stringify(listed.body), created.body.secret)
    const deleted = await callApi('DELETE', `/api/webhook-endpoints/${id}`, { token })
    assert.equal(deleted.status, 200)
    const gone = await callApi('GET', `/api/webhook-endpoints/${id}`, { token })
    assert.equal(gone.status, 404)
  })

  test('a plan without API access gets 403 saying why, on the API and on /profile', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('free-hooks@example.com')
    const listed = await client.get('/api/webhook-endpoints').loginAs(user)
    listed.assertStatus(403)
    assert.equal(listed.body().message, WEBHOOK_MESSAGES.planRequired)
    const created = await client
      .post('/api/webhook-endpoints')
      .json({ url: 'https://hooks.example.com/in', events: ['video.completed'] })
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(403)
    assert.equal(created.body().message, WEBHOOK_MESSAGES.planRequired)

    const fromPage = await client
      .post('/profile/webhooks')
      .form({ url: 'https://hooks.example.com/in', events: ['video.completed'] })
      .header('referer', '/profile')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    fromPage.assertStatus(302)
    assert.equal(fromPage.flashMessages().error, WEBHOOK_MESSAGES.planRequired)
    const rows = await db.from('webhook_endpoints').where('user_id', user.id)
    assert.lengthOf(rows, 0)
  })

  test('/profile: add an endpoint, its secret shown once, listed with its deliveries', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('profile-hooks@example.com')
    const created = await client
      .post('/profile/webhooks')
      .form({ url: 'https://hooks.example.com/in', events: ['video.completed', 'video.failed'] })
      .header('referer', '/profile')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    created.assertStatus(302)
    created.assertHeader('location', '/profile')
    assert.equal(created.flashMessages().success, WEBHOOK_MESSAGES.created)

    const page = await client
      .get('/profile')
      .loginAs(user)
      .withInertia()
      .withSession({ __flash__: created.flashMessages() })
    const props = page.inertiaProps as {
      webhookEndpoints: { id: number; url: string; events: string[]; deliveries: unknown[] }[]
      newWebhookSecret: { id: number; secret: string } | null
    }
    assert.lengthOf(props.webhookEndpoints, 1)
    assert.containsSubset(props.webhookEndpoints[0], {
      url: 'https://hooks.example.com/in',
      events: ['video.completed', 'video.failed'],
      deliveries: [],
    })
    assert.match(props.newWebhookSecret!.secret, /^whsec_/)
    assert.equal(props.newWebhookSecret!.id, props.webhookEndpoints[0].id)

    const again = await client.get('/profile').loginAs(user).withInertia()
    assert.isNull((again.inertiaProps as typeof props).newWebhookSecret, 'shown once')
    assert.notInclude(JSON.stringify(again.inertiaProps), props.newWebhookSecret!.secret)

    const deleted = await client
      .delete(`/profile/webhooks/${props.webhookEndpoints[0].id}`)
      .header('referer', '/profile')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    deleted.assertStatus(302)
    assert.lengthOf(await db.from('webhook_endpoints').where('user_id', user.id), 0)
  })

  test('/profile: an endpoint’s address and events edited, its secret kept; a bad address is a field error', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('profile-hooks-edit@example.com')
    const created = await client
      .post('/api/webhook-endpoints')
      .json({ url: 'https://hooks.example.com/old', events: ['video.completed'] })
      .loginAs(user)
      .withCsrfToken()
    const { endpoint } = created.body() as { endpoint: { id: number } }
    const before = await db.from('webhook_endpoints').where('id', endpoint.id).firstOrFail()

    const edited = await client
      .patch(`/profile/webhooks/${endpoint.id}`)
      .form({ url: 'https://hooks.example.com/new', events: ['video.failed', 'credits.low'] })
      .header('referer', '/profile')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    edited.assertStatus(302)
    edited.assertHeader('location', '/profile')
    assert.equal(edited.flashMessages().success, WEBHOOK_MESSAGES.updated)
    const after = await db.from('webhook_endpoints').where('id', endpoint.id).firstOrFail()
    assert.equal(after.url, 'https://hooks.example.com/new')
    assert.deepEqual(after.events, ['video.failed', 'credits.low'])
    assert.equal(after.secret_encrypted, before.secret_encrypted, 'the signing secret stays')

    const refused = await client
      .patch(`/profile/webhooks/${endpoint.id}`)
      .form({ url: 'http://10.0.0.7/hooks', events: ['video.failed', 'credits.low'] })
      .header('referer', '/profile')
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    refused.assertStatus(302)
    assert.deepEqual(refused.flashMessages().inputErrorsBag, { url: SEND_REFUSALS.privateAddress })
    const unchanged = await db.from('webhook_endpoints').where('id', endpoint.id).firstOrFail()
    assert.equal(unchanged.url, 'https://hooks.example.com/new')
  })
})

test.group('Webhooks: hostile input', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('bodies no client should send are 4xx with a message, and change nothing', async ({
    client,
    assert,
  }) => {
    const user = await createAgencyAccount('hostile-hooks@example.com')
    const existing = await client
      .post('/api/webhook-endpoints')
      .json({ url: 'https://hooks.example.com/in', events: ['video.completed'] })
      .loginAs(user)
      .withCsrfToken()
    const { endpoint } = existing.body() as { endpoint: { id: number } }
    const bodies: unknown[] = [
      {},
      { url: 'https://hooks.example.com/in' },
      { url: 'https://hooks.example.com/in', events: [] },
      { url: 'https://hooks.example.com/in', events: 'video.completed' },
      { url: 'https://hooks.example.com/in', events: ['video.deleted'] },
      { url: 'https://hooks.example.com/in', events: ['credits.low', 'credits.low'] },
      { url: 'https://hooks.example.com/in', events: [true, 1, null] },
      { url: 'javascript:alert(1)', events: ['video.completed'] },
      { url: 'file:///etc/passwd', events: ['video.completed'] },
      { url: 'ftp://hooks.example.com/in', events: ['video.completed'] },
      { url: 'gopher://127.0.0.1:6379/_FLUSHALL', events: ['video.completed'] },
      { url: 'https://user:pass@hooks.example.com/in', events: ['video.completed'] },
      { url: `https://hooks.example.com/${'a'.repeat(3000)}`, events: ['video.completed'] },
      { url: 'hooks.example.com/in', events: ['video.completed'] },
      { url: ['https://hooks.example.com/in'], events: ['video.completed'] },
      { url: 42, events: ['video.completed'] },
      { url: 'https://hooks.example.com/\u0000', events: ['video.completed'] },
    ]
    // The first two are whole changes for PATCH (nothing, or the address alone): hostile only to POST.
    const requests = [
      ...bodies.map((body) => ({ body, request: () => client.post('/api/webhook-endpoints') })),
      ...bodies.slice(2).map((body) => ({
        body,
        request: () => client.patch(`/api/webhook-endpoints/${endpoint.id}`),
      })),
    ]
    for (const { body, request } of requests) {
      const response = await request().json(body).loginAs(user).withCsrfToken()
      const replay = `${JSON.stringify(body)} → ${response.status()} ${response.text()}`
      assert.isAtLeast(response.status(), 400, replay)
      assert.isBelow(response.status(), 500, replay)
      assert.isString(response.body().message, replay)
    }
    const rows = await db.from('webhook_endpoints').where('user_id', user.id)
    assert.lengthOf(rows, 1)
    assert.containsSubset(rows[0], {
      url: 'https://hooks.example.com/in',
      events: ['video.completed'],
    })
    for (const path of [
      '/api/webhook-endpoints/0',
      '/api/webhook-endpoints/abc',
      '/api/webhook-endpoints/2147483648',
    ]) {
      const response = await client.get(path).loginAs(user)
      response.assertStatus(404)
    }
  })

  test('an account holds at most 10 endpoints', async ({ client, assert }) => {
    const user = await createAgencyAccount('many-hooks@example.com')
    const answers = []
    for (let index = 0; index < 12; index++) {
      const answer = await client
        .post('/api/webhook-endpoints')
        .json({ url: `https://hooks.example.com/${index}`, events: ['video.completed'] })
        .loginAs(user)
        .withCsrfToken()
      answers.push(answer)
    }
    const statuses = answers.map((answer) => answer.status())
    assert.deepEqual(statuses, [...Array(10).fill(201), 409, 409])
    const refused = answers.find((answer) => answer.status() === 409)!
    assert.equal(refused.body().message, WEBHOOK_MESSAGES.tooMany)
    assert.lengthOf(await db.from('webhook_endpoints').where('user_id', user.id), 10)
  })
})
