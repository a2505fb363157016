import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import FalRequest from '#media/models/fal_request'
import { ProviderError } from '#media/providers/contracts'
import { FalQueue } from '#media/providers/fal/fal_queue'
import {
  clearFalJwksCache,
  FAL_WEBHOOK_PATH,
  FalWebhookVerifier,
} from '#media/providers/fal/fal_webhook'
import {
  createFalWebhookSigner,
  FAKE_FAL_JWKS_PATH,
  FAKE_FAL_KEY,
  startFakeFal,
  type FakeFal,
} from '#tests/helpers/fakes/fake_fal'
import { json, startRecordingServer } from '#tests/helpers/fakes/recording_server'

type Cleanup = (handler: () => Promise<void>) => void

const ENDPOINT = 'fal-ai/flux/schnell'
const INPUT = { prompt: 'A lighthouse on a cliff at dawn', image_size: 'portrait_16_9' } as const
/** What PUBLIC_URL gives when it is this test server. */
const WEBHOOK_URL = `http://${env.get('HOST')}:${env.get('PORT')}${FAL_WEBHOOK_PATH}`

/** The fake fal, with the route verifying webhooks against its key set. */
async function startFal(cleanup: Cleanup, jwksPath = FAKE_FAL_JWKS_PATH) {
  const fal = await startFakeFal({ webhookDelayMs: 150 })
  app.container.swap(FalWebhookVerifier, () => new FalWebhookVerifier(fal.baseUrl + jwksPath))
  cleanup(async () => {
    app.container.restore(FalWebhookVerifier)
    await fal.close()
  })
  // Status polls would come every 20 ms; the fallback only after a minute.
  const queue = new FalQueue({
    apiKey: FAKE_FAL_KEY,
    baseUrl: fal.baseUrl,
    pollIntervalMs: 20,
    webhookUrl: WEBHOOK_URL,
    webhookCheckIntervalMs: 20,
    statusFallbackIntervalMs: 60_000,
    timeoutMs: 10_000,
  })
  return { fal, queue }
}

const statusCalls = (fal: FakeFal) => fal.requests.filter(({ path }) => path.endsWith('/status'))

function delivery(requestId: string, status: 'OK' | 'ERROR' = 'OK') {
  return JSON.stringify({
    request_id: requestId,
    gateway_request_id: requestId,
    status,
    payload: status === 'OK' ? { images: [] } : { detail: 'Internal Server Error' },
    ...(status === 'ERROR' && { error: 'Invalid status code: 500' }),
  })
}

/** A delivery signed with the fake's key, as fal posts it. */
function deliver(
  client: ApiClient,
  fal: FakeFal,
  body: string,
  options: { requestId?: string } = {}
) {
  return client.post(FAL_WEBHOOK_PATH).headers(fal.signWebhook(body, options)).unsafeJson(body)
}

function pendingRequest(requestId = '8f2c5b1e-6a77-4c1e-9d1e-2f0b7a0c9e11') {
  return FalRequest.create({ requestId, endpoint: ENDPOINT, status: 'pending' })
}

test.group('fal webhooks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => clearFalJwksCache())

  test('a signed webhook completes the run, without polling fal at the polling rate', async ({
    assert,
    cleanup,
  }) => {
    const { fal, queue } = await startFal(cleanup)

    const output = await queue.run(ENDPOINT, INPUT)
    await fal.settled()

    assert.lengthOf(output.images, 1)
    const [submit] = fal.requests
    assert.equal(submit.query.get('fal_webhook'), WEBHOOK_URL)
    // The one status call right after recording the request: still running then.
    assert.lengthOf(statusCalls(fal), 1)
    assert.deepEqual(
      fal.webhooks.map(({ url, status, answer }) => ({ url, status, answer })),
      [{ url: WEBHOOK_URL, status: 200, answer: { result: 'settled' } }]
    )
    assert.isNull(await FalRequest.query().first())
  })

  test('a webhook reporting an error fails the run with the mapped ProviderError', async ({
    assert,
    cleanup,
  }) => {
    const { fal, queue } = await startFal(cleanup)
    fal.setBehaviour(ENDPOINT, 'content_flagged')

    const error = await queue.run(ENDPOINT, INPUT).catch((reason: unknown) => reason)
    await fal.settled()

    assert.instanceOf(error, ProviderError)
    assert.equal((error as ProviderError).kind, 'rejected_input')
    assert.include((error as ProviderError).message, 'prompt: The content could not be processed')
    assert.lengthOf(statusCalls(fal), 1)
    assert.deepEqual(
      fal.webhooks.map(({ status, answer }) => ({ status, answer })),
      [{ status: 200, answer: { result: 'settled' } }]
    )
    assert.isNull(await FalRequest.query().first())
  })

  test('a forged or unsigned webhook is refused with 401 and changes nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { fal } = await startFal(cleanup)
    const row = await pendingRequest()
    const body = delivery(row.requestId)
    const stranger = createFalWebhookSigner()
    const signed = fal.signWebhook(body, { requestId: row.requestId })

    const unsigned = await client.post(FAL_WEBHOOK_PATH).unsafeJson(body)
    const forged = await client
      .post(FAL_WEBHOOK_PATH)
      .headers(stranger.sign(body, { requestId: row.requestId }))
      .unsafeJson(body)
    const tampered = await client
      .post(FAL_WEBHOOK_PATH)
      .headers(signed)
      .unsafeJson(delivery(row.requestId, 'ERROR'))

    unsigned.assertStatus(401)
    forged.assertStatus(401)
    tampered.assertStatus(401)
    await row.refresh()
    assert.equal(row.status, 'pending')
  })

  test('a delivery settles its request once: a second one changes nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { fal } = await startFal(cleanup)
    const row = await pendingRequest()
    const failed = delivery(row.requestId, 'ERROR')
    const completed = delivery(row.requestId, 'OK')

    const first = await deliver(client, fal, failed, { requestId: row.requestId })
    const again = await deliver(client, fal, completed, { requestId: row.requestId })

    first.assertStatus(200)
    first.assertBody({ result: 'settled' })
    again.assertStatus(200)
    again.assertBody({ result: 'already_settled' })
    await row.refresh()
    assert.equal(row.status, 'failed')
  })

  test('an OK delivery whose payload fal could not serialise still settles the request', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { fal } = await startFal(cleanup)
    const row = await pendingRequest()
    const body = JSON.stringify({
      request_id: row.requestId,
      gateway_request_id: row.requestId,
      status: 'OK',
      payload: null,
      payload_error: 'Response payload too large',
    })

    const response = await deliver(client, fal, body, { requestId: row.requestId })

    response.assertStatus(200)
    await row.refresh()
    assert.equal(row.status, 'completed')
  })

  test('a delivery for a request this app is not waiting on is acknowledged', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { fal } = await startFal(cleanup)
    const body = delivery('5d0c9a0e-1111-4c1e-9d1e-2f0b7a0c9e11')

    const response = await deliver(client, fal, body)

    response.assertStatus(200)
    response.assertBody({ result: 'unknown_request' })
    assert.isNull(await FalRequest.query().first())
  })

  test('a signed body that is not a fal webhook is a 422', async ({ client, cleanup }) => {
    const { fal } = await startFal(cleanup)
    const body = JSON.stringify({ request_id: 'abc', status: 'DONE' })

    const response = await deliver(client, fal, body)

    response.assertStatus(422)
  })

  test('keys that cannot be fetched answer 503, so fal delivers again', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { fal } = await startFal(cleanup, '/.well-known/missing.json')
    const row = await pendingRequest()
    const body = delivery(row.requestId)

    const response = await deliver(client, fal, body, { requestId: row.requestId })

    response.assertStatus(503)
    await row.refresh()
    assert.equal(row.status, 'pending')
  })

  test('while the key server is down, forged deliveries share one key fetch, then none for a while', async ({
    client,
    assert,
    cleanup,
  }) => {
    // A key server that answers every fetch with an outage, a little slowly.
    const keyServer = await startRecordingServer((_request, res) => {
      setTimeout(() => json(res, 503, { detail: 'unavailable' }), 100)
    })
    app.container.swap(
      FalWebhookVerifier,
      () => new FalWebhookVerifier(`${keyServer.baseUrl}${FAKE_FAL_JWKS_PATH}`)
    )
    cleanup(async () => {
      app.container.restore(FalWebhookVerifier)
      await keyServer.close()
    })
    const stranger = createFalWebhookSigner()
    const forged = () => {
      const body = delivery(randomUUID())
      return client.post(FAL_WEBHOOK_PATH).headers(stranger.sign(body)).unsafeJson(body)
    }

    const burst = await Promise.all(Array.from({ length: 20 }, forged))
    const fetchesAfterBurst = keyServer.requests.length
    const later = await forged()

    assert.deepEqual([...new Set(burst.map((response) => response.status()))], [503])
    assert.isAtMost(fetchesAfterBurst, 1, 'one fetch for the whole burst')
    later.assertStatus(503)
    assert.equal(keyServer.requests.length, fetchesAfterBurst, 'a failure is remembered')
  })
})
