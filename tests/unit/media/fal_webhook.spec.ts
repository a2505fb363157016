import { test } from '@japa/runner'
import { ProviderError } from '#media/providers/contracts'
import { clearFalJwksCache, verifyFalWebhook } from '#media/providers/fal/fal_webhook'
import { createFalWebhookSigner, startFakeFal } from '#tests/helpers/fakes/fake_fal'

type Cleanup = (handler: () => Promise<void>) => void

/** A completed-request delivery, as fal posts it. */
const rawBody = Buffer.from(
  JSON.stringify({
    request_id: '123e4567-e89b-12d3-a456-426614174000',
    gateway_request_id: '123e4567-e89b-12d3-a456-426614174000',
    status: 'OK',
    payload: { video: { url: 'https://v3.fal.media/files/penguin/output.mp4' } },
  })
)

async function startFal(cleanup: Cleanup) {
  const fal = await startFakeFal()
  cleanup(() => fal.close())
  const jwksFetches = () =>
    fal.requests.filter((request) => request.path === '/.well-known/jwks.json').length
  return { fal, jwksFetches }
}

test.group('verifyFalWebhook', (group) => {
  group.each.setup(() => clearFalJwksCache())

  test('accepts a delivery signed with a key of the JWKS', async ({ assert, cleanup }) => {
    const { fal } = await startFal(cleanup)
    const headers = fal.signWebhook(rawBody)

    assert.isTrue(await verifyFalWebhook({ headers, rawBody, jwksUrl: fal.jwksUrl }))
    // The same body as a string, Fetch headers, and header names in any case.
    assert.isTrue(
      await verifyFalWebhook({
        headers: new Headers(headers),
        rawBody: rawBody.toString('utf8'),
        jwksUrl: fal.jwksUrl,
      })
    )
    const shouted = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value])
    )
    assert.isTrue(await verifyFalWebhook({ headers: shouted, rawBody, jwksUrl: fal.jwksUrl }))
  })

  test('rejects a tampered body', async ({ assert, cleanup }) => {
    const { fal } = await startFal(cleanup)
    const headers = fal.signWebhook(rawBody)
    const tampered = Buffer.from(rawBody.toString('utf8').replace('"OK"', '"ERROR"'))

    assert.isFalse(await verifyFalWebhook({ headers, rawBody: tampered, jwksUrl: fal.jwksUrl }))
  })

  test('rejects tampered headers', async ({ assert, cleanup }) => {
    const { fal } = await startFal(cleanup)
    const headers = fal.signWebhook(rawBody, { requestId: 'request-a', userId: 'user-a' })

    for (const [name, value] of [
      ['x-fal-webhook-request-id', 'request-b'],
      ['x-fal-webhook-user-id', 'user-b'],
      ['x-fal-webhook-timestamp', String(Number(headers['x-fal-webhook-timestamp']) - 1)],
    ]) {
      const changed = { ...headers, [name]: value }
      assert.isFalse(
        await verifyFalWebhook({ headers: changed, rawBody, jwksUrl: fal.jwksUrl }),
        name
      )
    }
  })

  test('rejects a signature made with a key the JWKS does not list', async ({
    assert,
    cleanup,
  }) => {
    const { fal } = await startFal(cleanup)
    const stranger = createFalWebhookSigner()

    const headers = stranger.sign(rawBody)

    assert.isFalse(await verifyFalWebhook({ headers, rawBody, jwksUrl: fal.jwksUrl }))
  })

  test('rejects a timestamp more than five minutes away', async ({ assert, cleanup }) => {
    const { fal } = await startFal(cleanup)
    const now = Date.now()
    const seconds = Math.floor(now / 1000)
    const at = (offset: number) => fal.signWebhook(rawBody, { timestamp: seconds + offset })

    const verify = (offset: number) =>
      verifyFalWebhook({ headers: at(offset), rawBody, jwksUrl: fal.jwksUrl, now })

    assert.isFalse(await verify(-301), 'too old')
    assert.isFalse(await verify(-3600), 'an hour old')
    assert.isFalse(await verify(301), 'from the future')
    assert.isTrue(await verify(-299), 'just within the window')
  })

  test('rejects missing or malformed headers', async ({ assert, cleanup }) => {
    const { fal } = await startFal(cleanup)
    const headers = fal.signWebhook(rawBody)

    for (const name of Object.keys(headers)) {
      const rest = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name))
      assert.isFalse(await verifyFalWebhook({ headers: rest, rawBody, jwksUrl: fal.jwksUrl }), name)
    }
    const garbled = { ...headers, 'x-fal-webhook-signature': 'not-hex' }
    assert.isFalse(await verifyFalWebhook({ headers: garbled, rawBody, jwksUrl: fal.jwksUrl }))
    const short = {
      ...headers,
      'x-fal-webhook-signature': headers['x-fal-webhook-signature'].slice(2),
    }
    assert.isFalse(await verifyFalWebhook({ headers: short, rawBody, jwksUrl: fal.jwksUrl }))
  })

  test('fetches the key set once and keeps it', async ({ assert, cleanup }) => {
    const { fal, jwksFetches } = await startFal(cleanup)

    for (let round = 0; round < 3; round++) {
      const headers = fal.signWebhook(rawBody)
      assert.isTrue(await verifyFalWebhook({ headers, rawBody, jwksUrl: fal.jwksUrl }))
    }

    assert.equal(jwksFetches(), 1)
  })

  test('a key set that cannot be fetched is a transient error, not a forgery', async ({
    assert,
    cleanup,
  }) => {
    const { fal } = await startFal(cleanup)
    const headers = fal.signWebhook(rawBody)

    const missing = `${fal.baseUrl}/.well-known/missing.json`
    const error = await verifyFalWebhook({ headers, rawBody, jwksUrl: missing }).catch(
      (reason: unknown) => reason
    )

    assert.instanceOf(error, ProviderError)
    assert.equal((error as ProviderError).kind, 'transient')
    // Not cached: once the keys are there again, deliveries verify.
    assert.isTrue(await verifyFalWebhook({ headers, rawBody, jwksUrl: fal.jwksUrl }))
  })

  test('a failed fetch is shared by concurrent callers and remembered for 30 seconds', async ({
    assert,
    cleanup,
  }) => {
    const { fal } = await startFal(cleanup)
    const missing = `${fal.baseUrl}/.well-known/missing.json`
    const fetches = () => fal.requests.filter((request) => request.path.endsWith('missing.json'))
    const attempt = () =>
      verifyFalWebhook({ headers: fal.signWebhook(rawBody), rawBody, jwksUrl: missing }).catch(
        (reason: unknown) => reason
      )
    const realNow = Date.now
    let shift = 0
    Date.now = () => realNow() + shift
    cleanup(() => {
      Date.now = realNow
    })

    const together = await Promise.all(Array.from({ length: 20 }, attempt))
    assert.isTrue(together.every((error) => error instanceof ProviderError))
    assert.lengthOf(fetches(), 1)

    shift = 29_000
    assert.instanceOf(await attempt(), ProviderError)
    assert.lengthOf(fetches(), 1, 'within the window: no fetch')

    shift = 31_000
    assert.instanceOf(await attempt(), ProviderError)
    assert.lengthOf(fetches(), 2, 'past the window: fetched again')
  })
})
