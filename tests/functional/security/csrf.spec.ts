import { test } from '@japa/runner'
import { obliterateQueues } from '#tests/helpers/studio'
import testUtils from '@adonisjs/core/services/test_utils'
import { Device } from '#tests/helpers/sessions'
import { databaseFingerprint } from '#tests/helpers/route_fuzz'
import {
  CSRF_EXEMPT,
  type SecurityRoute,
  UNREACHABLE,
  isApiPattern,
  requestFor,
  securityRoutes,
  securityWorld,
  type SecurityWorld,
} from '#tests/helpers/security'

/**
 * State-changing requests from a real browser session (cookies over HTTP,
 * signed in with the emailed code; not Japa's loginAs) without the CSRF
 * token are refused and change nothing; the same request with the token is
 * not refused for it. The webhooks are exempt by design (CSRF_EXEMPT).
 */

const CSRF_REFUSAL = 'Invalid or expired CSRF token'

/** Tables a refused request may still write: the sign-in's own bookkeeping. */
const BOOKKEEPING_TABLES = ['rate_limits', 'sign_in_challenges', 'sessions']

const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE']

/** /api answers 403 with the message; a page's form is sent back with it flashed. */
async function refusedForCsrf(device: Device, route: SecurityRoute, response: Response) {
  if (isApiPattern(route.pattern)) {
    const body = (await response.json().catch(() => ({}))) as { message?: string }
    return response.status === 403 && body.message === CSRF_REFUSAL
  }
  if (response.status !== 302) return false
  const next = await device.request('GET', '/profile')
  const page = await next.text()
  return page.includes(CSRF_REFUSAL)
}

test.group('Security: CSRF', (group) => {
  let world: SecurityWorld
  group.setup(async () => {
    const created = await securityWorld()
    world = created.world
    return created.remove
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.teardown(() => obliterateQueues())

  test('the exempt routes are the signed webhooks and the token-only MCP endpoint', ({
    assert,
  }) => {
    const keys = securityRoutes().map((route) => route.key)
    for (const key of Object.keys(CSRF_EXEMPT)) assert.include(keys, key)
    assert.sameMembers(Object.keys(CSRF_EXEMPT), [
      'POST /api/webhooks/fal',
      'POST /webhooks/stripe',
      'POST /mcp',
      'DELETE /mcp',
    ])
  })

  test('{key} without the CSRF token is refused and changes nothing')
    .with(() =>
      securityRoutes().filter(
        (route) =>
          STATE_CHANGING.includes(route.method) &&
          !(route.key in CSRF_EXEMPT) &&
          !(route.key in UNREACHABLE)
      )
    )
    .run(async ({ assert }, route) => {
      const device = new Device()
      await device.signIn(world.attacker.user.email)
      const { url, body } = requestFor(route, world.attacker)
      const before = await databaseFingerprint(BOOKKEEPING_TABLES)

      const forged = await device.request(route.method, url, body, { csrf: false })

      assert.isTrue(await refusedForCsrf(device, route, forged), `answered ${forged.status}`)
      assert.deepEqual(await databaseFingerprint(BOOKKEEPING_TABLES), before)
      assert.equal(await device.me(), 200, 'the session is still signed in')

      const genuine = await device.request(route.method, url, body)
      assert.isFalse(await refusedForCsrf(device, route, genuine), 'with the token it is not')
    })
})
