import { test } from '@japa/runner'
import fc from 'fast-check'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import { PictureFetcher } from '#media/services/picture_fetcher'
import { createAccount } from '#tests/helpers/auth'
import { createOperator } from '#tests/helpers/admin'
import { obliterateQueues } from '#tests/helpers/studio'
import {
  type FuzzRequest,
  databaseFingerprint,
  describeRequest,
  fuzzWorldOf,
  hasStackTrace,
  lyingEncodingRequests,
  registeredRoutes,
  seedFor,
  requestArbitrary,
  send,
  validatorSchemas,
} from '#tests/helpers/route_fuzz'

/**
 * Every registered route gets random params, queries and bodies (shaped after
 * every Vine validator under app/), signed in (as a user or the operator)
 * and out, with and without the CSRF token. A route added later is fuzzed without being listed here.
 */

/** Routes left out, each for a reason that is part of its design. */
const SKIPPED: Record<string, string> = {}

/**
 * Tables a refused request may still write, by design: each attempt counts
 * against a rate limit, a wrong sign-in code counts against the code, and the
 * session store keeps the visit's session (CSRF secret, flash) whatever the answer.
 */
const BOOKKEEPING_TABLES = ['rate_limits', 'sign_in_challenges', 'sessions']

/** Requests per route: about a minute for the whole table on a busy 2-core machine. */
const RUNS_PER_ROUTE = 30
const SEED = 20_261_121

async function fuzzWorld() {
  const user = await createAccount('fuzz@example.com')
  const operator = await createOperator()
  const other = await createAccount('fuzz-other@example.com')
  return { user, operator, world: await fuzzWorldOf(user, other) }
}

test.group('Route fuzz', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // A fuzzed address that happens to be a URL is never fetched: no name resolves, no address is allowed.
  group.setup(() => {
    app.container.swap(
      PictureFetcher,
      () =>
        new PictureFetcher({
          resolve: async () => {
            throw Object.assign(new Error('the route fuzz never resolves names'), {
              code: 'ENOTFOUND',
            })
          },
          allowAddress: () => false,
        })
    )
    return () => app.container.restore(PictureFetcher)
  })
  group.teardown(() => obliterateQueues())

  test('the skip list names registered routes only', ({ assert }) => {
    const patterns = registeredRoutes().map((route) => route.pattern)
    for (const pattern of Object.keys(SKIPPED)) assert.include(patterns, pattern)
  })

  test('{method} {pattern}: no 5xx, and a refused request changes nothing')
    .with(() =>
      registeredRoutes()
        .filter((route) => !(route.pattern in SKIPPED))
        .map(({ route: _route, ...rest }) => rest)
    )
    .run(async ({ client }, route) => {
      const schemas = await validatorSchemas()
      const { world, user, operator } = await fuzzWorld()
      let fingerprint = await databaseFingerprint(BOOKKEEPING_TABLES)

      const check = async (request: FuzzRequest) => {
        const response = await send(client, request, { user, operator })
        const status = response.status()
        const text = response.text() ?? ''
        const problem = (what: string) =>
          new Error(
            `${what}\n--- request ---\n${describeRequest(request)}\n--- answer ---\n${status} ${text.slice(0, 800)}`
          )

        if (status >= 500) throw problem(`answered ${status}`)
        if (status < 400) {
          fingerprint = await databaseFingerprint(BOOKKEEPING_TABLES)
          return
        }
        const after = await databaseFingerprint(BOOKKEEPING_TABLES)
        const changed = Object.keys(after).filter((table) => after[table] !== fingerprint[table])
        if (changed.length > 0)
          throw problem(`refused with ${status} but changed ${changed.join(', ')}`)
        if (hasStackTrace(text)) throw problem('the answer shows a stack trace')
        if (request.url.startsWith('/api/')) {
          const message = (response.body() as { message?: unknown }).message
          if (typeof message !== 'string' || message.length === 0) {
            throw problem('an /api refusal without a message')
          }
        }
      }

      await fc.assert(fc.asyncProperty(requestArbitrary(route, schemas, world), check), {
        seed: seedFor(`${route.method} ${route.pattern}`, SEED),
        numRuns: RUNS_PER_ROUTE,
      })
    })

  test('{method} {pattern}: a body whose Content-Encoding lies is a 400 that says so')
    .with(() => registeredRoutes().filter((route) => route.method !== 'GET'))
    .run(async ({ client, assert }, route) => {
      const user = await createAccount('fuzz@example.com')
      const operator = await createOperator()
      const fingerprint = await databaseFingerprint(BOOKKEEPING_TABLES)

      for (const request of lyingEncodingRequests(route)) {
        const response = await send(client, request, { user, operator })
        const text = response.text() ?? ''
        const replay = `\n--- request ---\n${describeRequest(request)}\n--- answer ---\n${text}`

        assert.equal(response.status(), 400, replay)
        assert.include(
          text,
          `The request body is not compressed as its Content-Encoding (${request.contentEncoding}) says.`,
          replay
        )
        assert.isFalse(hasStackTrace(text), replay)
      }
      assert.deepEqual(await databaseFingerprint(BOOKKEEPING_TABLES), fingerprint)
    })
})
