import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createAccount } from '#tests/helpers/auth'
import { Device, useSessionStore, type SessionStore } from '#tests/helpers/sessions'

const STORES: SessionStore[] = ['database', 'redis']

test.group('Sessions: kept server-side, so they can be ended', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a copy of the session cookie taken before Sign Out is refused after it ({$self})')
    .with(STORES)
    .run(async ({ assert, cleanup }, store) => {
      await useSessionStore(store, cleanup)
      const device = new Device()
      await device.signIn('copied@example.com')
      const stolen = device.copy()
      assert.equal(await stolen.me(), 200)

      const signOut = await device.request('POST', '/auth/sign-out')

      assert.equal(signOut.status, 302)
      assert.equal(signOut.headers.get('location'), '/auth')
      assert.equal(await device.me(), 401)
      assert.equal(await stolen.me(), 401)
    })

  test('signing in gives the session a new id; the one from before signs nobody in', async ({
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const device = new Device()
    await device.request('GET', '/auth')
    const planted = device.copy()
    const before = device.sessionId

    await device.signIn('fixated@example.com')

    assert.isDefined(before)
    assert.notEqual(device.sessionId, before)
    assert.equal(await device.me(), 200)
    assert.equal(await planted.me(), 401)
  })

  test('the database keeps each signed-in session with its user, and drops it at Sign Out', async ({
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const user = await createAccount('rows@example.com')
    const device = new Device()
    await device.signIn('rows@example.com')

    const rows = await db.from('sessions').where('user_id', user.id)
    assert.lengthOf(rows, 1)
    assert.notInclude(rows[0].data, 'rows@example.com')

    await device.request('POST', '/auth/sign-out')
    assert.lengthOf(await db.from('sessions').where('user_id', user.id), 0)
  })

  test('Sign out of all devices ends every session of the account, and only those ({$self})')
    .with(STORES)
    .run(async ({ assert, cleanup }, store) => {
      await useSessionStore(store, cleanup)
      const laptop = new Device()
      const phone = new Device()
      const someoneElse = new Device()
      await laptop.signIn('everywhere@example.com')
      await phone.signIn('everywhere@example.com')
      await someoneElse.signIn('bystander@example.com')
      cleanup(async () => {
        await someoneElse.request('POST', '/auth/sign-out')
      })

      const response = await laptop.request('POST', '/auth/sign-out-everywhere')

      assert.equal(response.status, 302)
      assert.equal(response.headers.get('location'), '/auth')
      assert.equal(await laptop.me(), 401)
      assert.equal(await phone.me(), 401)
      assert.equal(await someoneElse.me(), 200)
    })
})
