import { test } from '@japa/runner'
import { obliterateQueues } from '#tests/helpers/studio'
import testUtils from '@adonisjs/core/services/test_utils'
import transmit from '@adonisjs/transmit/services/main'
import { CHANNEL_RULES } from '#studio/live_channels'
import { Device, useSessionStore } from '#tests/helpers/sessions'
import {
  CSRF_EXEMPT,
  LIVE_CHANNEL_FIXTURES,
  channelsWithoutRule,
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

/** A signed-in browser tab with its live-progress stream open, closed at the test's end. */
async function tabOf(email: string, uid: string, cleanup: (fn: () => Promise<void>) => void) {
  const device = new Device()
  await device.signIn(email)
  const stream = await device.request('GET', `/__transmit/events?uid=${uid}`)
  cleanup(async () => {
    await stream.body?.cancel()
  })
  const send = async (
    path: 'subscribe' | 'unsubscribe',
    body: { uid: string; channel: string }
  ) => {
    const response = await device.request('POST', `/__transmit/${path}`, body)
    const text = await response.text()
    return { status: response.status, message: text ? JSON.parse(text).message : undefined }
  }
  return {
    device,
    opened: stream.status,
    subscribe: (channel: string, streamUid = uid) => send('subscribe', { uid: streamUid, channel }),
    unsubscribe: (channel: string, streamUid = uid) =>
      send('unsubscribe', { uid: streamUid, channel }),
  }
}

test.group('Security: live channels (Transmit)', (group) => {
  let world: SecurityWorld
  group.setup(async () => {
    const created = await securityWorld()
    world = created.world
    return created.remove
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every channel rule has a fixture', ({ assert }) => {
    assert.sameMembers(
      CHANNEL_RULES.map((rule) => rule.pattern),
      Object.keys(LIVE_CHANNEL_FIXTURES),
      'add the rule to LIVE_CHANNEL_FIXTURES in tests/helpers/security.ts'
    )
  })

  test('{$self}: its owner’s stream subscribes; another user’s stream gets 404')
    .with(() => Object.keys(LIVE_CHANNEL_FIXTURES))
    .run(async ({ assert, cleanup }, pattern) => {
      await useSessionStore('database', cleanup)
      const channel = LIVE_CHANNEL_FIXTURES[pattern](world.victim)
      const victim = await tabOf(world.victim.user.email, 'victim-tab', cleanup)
      const attacker = await tabOf(world.attacker.user.email, 'attacker-tab', cleanup)

      const own = await victim.subscribe(channel)
      const theirs = await attacker.subscribe(channel)

      assert.deepEqual([victim.opened, attacker.opened], [200, 200])
      assert.equal(own.status, 204)
      assert.deepEqual(theirs, { status: 404, message: 'Channel not found' })
      assert.deepEqual(transmit.getSubscribersFor(channel), ['victim-tab'])
    })

  test('a channel no rule names is refused, to subscribe and to unsubscribe', async ({
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const attacker = await tabOf(world.attacker.user.email, 'prober-tab', cleanup)

    for (const channel of [
      ...channelsWithoutRule(world.victim),
      ...channelsWithoutRule(world.attacker),
    ]) {
      const subscribed = await attacker.subscribe(channel)
      const unsubscribed = await attacker.unsubscribe(channel)
      assert.equal(subscribed.status, 404, `subscribe ${JSON.stringify(channel)}`)
      assert.equal(unsubscribed.status, 404, `unsubscribe ${JSON.stringify(channel)}`)
      assert.deepEqual(transmit.getSubscribersFor(channel), [], channel)
    }
  })

  test('another user’s stream can be neither subscribed, unsubscribed nor opened again', async ({
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const channel = LIVE_CHANNEL_FIXTURES['projects/:id'](world.victim)
    const ownChannel = LIVE_CHANNEL_FIXTURES['projects/:id'](world.attacker)
    const victim = await tabOf(world.victim.user.email, 'watched-tab', cleanup)
    const attacker = await tabOf(world.attacker.user.email, 'meddling-tab', cleanup)
    const watched = await victim.subscribe(channel)
    assert.equal(watched.status, 204)

    const unsubscribed = await attacker.unsubscribe(channel, 'watched-tab')
    const subscribed = await attacker.subscribe(ownChannel, 'watched-tab')
    const hijack = await attacker.device.request('GET', '/__transmit/events?uid=watched-tab')

    const notYours = 'Stream not found: open /__transmit/events with this uid first.'
    assert.deepEqual(unsubscribed, { status: 404, message: notYours })
    assert.deepEqual(subscribed, { status: 404, message: notYours })
    assert.equal(hijack.status, 409)
    assert.deepEqual(transmit.getSubscribersFor(channel), ['watched-tab'])
    assert.deepEqual(transmit.getSubscribersFor(ownChannel), [])
  })
})
