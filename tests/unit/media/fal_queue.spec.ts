import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import FalRequest from '#media/models/fal_request'
import { FalQueue, type FalConfig } from '#media/providers/fal/fal_queue'
import { FAKE_FAL_KEY, startFakeFal, type FakeFal } from '#tests/helpers/fakes/fake_fal'
import { failure } from '#tests/helpers/provider_errors'
import { until } from '#tests/helpers/wait'

const ENDPOINT = 'fal-ai/flux/schnell'
const INPUT = { prompt: 'A lighthouse on a cliff at dawn', image_size: 'portrait_16_9' } as const
/** Nothing listens here: in these tests the web process is not running. */
const WEBHOOK_URL = 'http://127.0.0.1:9/api/webhooks/fal'

async function startFal(cleanup: (handler: () => Promise<void>) => void) {
  const fal = await startFakeFal({ webhookDelayMs: 100 })
  cleanup(() => fal.close())
  const queue = (overrides: Partial<FalConfig> = {}) =>
    new FalQueue({ apiKey: FAKE_FAL_KEY, baseUrl: fal.baseUrl, pollIntervalMs: 20, ...overrides })
  return { fal, queue }
}

const statusCalls = (fal: FakeFal) => fal.requests.filter(({ path }) => path.endsWith('/status'))

test.group('FalQueue', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('without a webhook URL, submits without one and polls the status', async ({
    assert,
    cleanup,
  }) => {
    const { fal, queue } = await startFal(cleanup)

    const output = await queue().run(ENDPOINT, INPUT)

    assert.lengthOf(output.images, 1)
    const [submit] = fal.requests
    assert.equal(submit.path, `/${ENDPOINT}`)
    assert.isFalse(submit.query.has('fal_webhook'))
    assert.lengthOf(statusCalls(fal), 3)
    assert.lengthOf(fal.webhooks, 0)
    assert.isNull(await FalRequest.query().first())
  })

  test('with a webhook URL, submits with it and records the request while it waits', async ({
    assert,
    cleanup,
  }) => {
    const { fal, queue } = await startFal(cleanup)
    fal.setBehaviour(ENDPOINT, 'never_completes')

    const run = failure(queue({ webhookUrl: WEBHOOK_URL, timeoutMs: 1_000 }).run(ENDPOINT, INPUT))
    let row = await FalRequest.findBy('endpoint', ENDPOINT)
    await until(
      async () => {
        row = row ?? (await FalRequest.findBy('endpoint', ENDPOINT))
        return row !== null
      },
      800,
      'the request to be recorded while the run waits',
      20
    )
    await run

    assert.exists(row, 'the request was recorded while the run waited')

    const [submit] = fal.requests
    assert.equal(submit.query.get('fal_webhook'), WEBHOOK_URL)
    assert.equal(row!.status, 'pending')
    assert.match(row!.requestId, /^[\w-]{36}$/)
    // Its wait over, the row goes: the table only holds requests still waited on.
    assert.isNull(await FalRequest.query().first())
  })

  test('a webhook that never arrives: the status fallback completes the run', async ({
    assert,
    cleanup,
  }) => {
    const { fal, queue } = await startFal(cleanup)
    fal.loseWebhooks()

    const output = await queue({
      webhookUrl: WEBHOOK_URL,
      webhookCheckIntervalMs: 20,
      statusFallbackIntervalMs: 250,
    }).run(ENDPOINT, INPUT)

    assert.lengthOf(output.images, 1)
    assert.lengthOf(fal.webhooks, 0)
    // One status call right after recording (still running), the next one a fallback later.
    assert.lengthOf(statusCalls(fal), 2)
    assert.isNull(await FalRequest.query().first())
  })

  test('a row settled by the web process ends the wait at the next check', async ({
    assert,
    cleanup,
  }) => {
    const { fal, queue } = await startFal(cleanup)
    fal.loseWebhooks()
    const startedAt = Date.now()
    // Stands in for the web process: settles the row well after fal has finished (100 ms).
    const settle = setInterval(async () => {
      if (Date.now() - startedAt < 400) return
      await FalRequest.query().where('status', 'pending').update({ status: 'completed' })
    }, 50)
    cleanup(async () => clearInterval(settle))

    const output = await queue({
      webhookUrl: WEBHOOK_URL,
      webhookCheckIntervalMs: 20,
      statusFallbackIntervalMs: 60_000,
    }).run(ENDPOINT, INPUT)

    assert.lengthOf(output.images, 1)
    // It ended when the row was settled, not before (fal's own status said running) nor much after.
    assert.isAtLeast(Date.now() - startedAt, 400)
    assert.isBelow(Date.now() - startedAt, 5_000)
    assert.lengthOf(statusCalls(fal), 1)
  })

  test('with a webhook URL, a run that never finishes still times out and is cancelled', async ({
    assert,
    cleanup,
  }) => {
    const { fal, queue } = await startFal(cleanup)
    fal.setBehaviour(ENDPOINT, 'never_completes')

    const error = await failure(
      queue({ webhookUrl: WEBHOOK_URL, webhookCheckIntervalMs: 20, timeoutMs: 300 }).run(
        ENDPOINT,
        INPUT
      )
    )

    assert.equal(error.kind, 'transient')
    assert.include(error.message, 'timed out')
    assert.equal(fal.requests.at(-1)!.method, 'PUT')
    assert.match(fal.requests.at(-1)!.path, /\/cancel$/)
  })
})
