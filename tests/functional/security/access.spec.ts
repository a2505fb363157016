import { test } from '@japa/runner'
import { obliterateQueues } from '#tests/helpers/studio'
import testUtils from '@adonisjs/core/services/test_utils'
import {
  CSRF_EXEMPT,
  OPERATOR_ROUTES,
  PUBLIC_ROUTES,
  ROUTE_FIXTURES,
  UNREACHABLE,
  callRoute,
  fixtureOf,
  forgedIdentityHeaders,
  isApiPattern,
  isOperatorRoute,
  leaks,
  needsFixture,
  refusalMessage,
  rowsOf,
  securityRoutes,
  securityWorld,
  type SecurityWorld,
} from '#tests/helpers/security'

/**
 * Every route of the route table, attacked as a signed-out visitor, as
 * another user and as a non-operator, each time with forged identity
 * headers naming the victim. A route added later is covered without being
 * listed; one with params or a body needs an entry in ROUTE_FIXTURES.
 */

const ACCESS_DENIED = "Access Denied: You don't have permission to access the admin dashboard."

const reachable = () => securityRoutes().filter((route) => !(route.key in UNREACHABLE))

test.group('Security: the route table', () => {
  test('every route with params or a body has a fixture', ({ assert }) => {
    const missing = reachable()
      .filter((route) => needsFixture(route) && !(route.key in ROUTE_FIXTURES))
      .map((route) => route.key)
    assert.deepEqual(missing, [], 'add these routes to ROUTE_FIXTURES in tests/helpers/security.ts')
  })

  test('the lists name registered routes only', ({ assert }) => {
    const keys = securityRoutes().map((route) => route.key)
    for (const list of [PUBLIC_ROUTES, CSRF_EXEMPT, OPERATOR_ROUTES, ROUTE_FIXTURES, UNREACHABLE]) {
      for (const key of Object.keys(list)) assert.include(keys, key)
    }
  })
})

test.group('Security: access', (group) => {
  let world: SecurityWorld
  group.setup(async () => {
    const created = await securityWorld()
    world = created.world
    return created.remove
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.teardown(() => obliterateQueues())

  test('signed out, forged identity headers: {key} is refused')
    .with(() => reachable().filter((route) => !(route.key in PUBLIC_ROUTES)))
    .run(async ({ client, assert }, route) => {
      const response = await callRoute(client, route, world.victim, {
        as: null,
        headers: forgedIdentityHeaders(world.victim.user, { bearer: true }),
      })

      if (isApiPattern(route.pattern)) {
        assert.equal(response.status(), 401)
        assert.isString(refusalMessage(response.body()))
      } else {
        assert.equal(response.status(), 302)
        assert.equal(response.header('location'), '/auth')
      }
      assert.deepEqual(leaks(response.text(), world.markers), [])
    })

  test('signed out, forged identity headers: public {key} shows nobody’s data')
    .with(() => reachable().filter((route) => route.key in PUBLIC_ROUTES))
    .run(async ({ client, assert }, route) => {
      const before = await rowsOf(world.victim.user.id)

      const response = await callRoute(client, route, world.attacker, {
        as: null,
        headers: forgedIdentityHeaders(world.victim.user, { bearer: true }),
      })

      assert.isBelow(response.status(), 500)
      assert.deepEqual(leaks(response.text(), world.markers), [])
      assert.deepEqual(await rowsOf(world.victim.user.id), before)
    })

  test('a non-operator with forged headers: {key} is Access Denied')
    .with(() => reachable().filter(isOperatorRoute))
    .run(async ({ client, assert }, route) => {
      const response = await callRoute(client, route, world.attacker, {
        as: world.attacker.user,
        headers: forgedIdentityHeaders(world.operator, { bearer: false }),
      })

      assert.equal(response.status(), 403)
      if (isApiPattern(route.pattern)) {
        assert.equal(response.body().message, ACCESS_DENIED)
      } else {
        const page = await callRoute(client, route, world.attacker, {
          as: world.attacker.user,
        }).withInertia()
        page.assertStatus(403)
        page.assertInertiaComponent('admin/access_denied')
      }
    })

  test('another user, forged headers naming the victim: {key} reaches nothing of theirs')
    .with(() =>
      reachable().filter((route) => !isOperatorRoute(route) && !(route.key in CSRF_EXEMPT))
    )
    .run(async ({ client, assert }, route) => {
      const before = await rowsOf(world.victim.user.id)
      const fixture = fixtureOf(route)
      const namesTheirs = fixture.names === 'user'

      const response = await callRoute(client, route, namesTheirs ? world.victim : world.attacker, {
        as: world.attacker.user,
        headers: forgedIdentityHeaders(world.victim.user, { bearer: false }),
      })

      if (namesTheirs) {
        assert.equal(response.status(), fixture.othersAnswer?.status ?? 404, response.text())
      } else {
        assert.isBelow(response.status(), 500)
      }
      assert.deepEqual(leaks(response.text(), world.markers), [])
      assert.deepEqual(await rowsOf(world.victim.user.id), before)
    })
})
