import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import User from '#auth/models/user'
import app from '@adonisjs/core/services/app'
import { AccountStanding } from '#auth/contracts/account_standing'
import UserTransformer from '#auth/transformers/user_transformer'
import { apiSerializer } from '#core/http/api_serializer'
import { createAccount } from '#tests/helpers/auth'
import { Device, useSessionStore, type SessionStore } from '#tests/helpers/sessions'
import { planOf } from '#tests/helpers/billing'

const STORES: SessionStore[] = ['database', 'redis']

/** The SQL run while `run` runs, inside the test's global transaction. */
async function queriesOf(run: () => Promise<unknown>) {
  const transaction = db.connectionGlobalTransactions.get(db.primaryConnectionName)!
  const statements: string[] = []
  const listener = ({ sql }: { sql: string }) => statements.push(sql)
  transaction.debug = true
  emitter.on('db:query', listener)
  try {
    await run()
  } finally {
    emitter.off('db:query', listener)
    transaction.debug = false
  }
  return statements
}

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

  test(
    'the signed-in user is read afresh on every request: a plan change shows on the next one ({$self})'
  )
    .with(STORES)
    .run(async ({ assert, cleanup }, store) => {
      await useSessionStore(store, cleanup)
      const user = await createAccount('upgraded@example.com')
      const device = new Device()
      await device.signIn('upgraded@example.com')
      const before = await device.request('GET', '/api/me')
      assert.containsSubset(await before.json(), { plan: 'free' })

      await db
        .from('billing_accounts')
        .where('user_id', user.id)
        .update({ plan: 'agency', credits: 500 })
      const after = await device.request('GET', '/api/me')

      const stored = await User.findOrFail(user.id)
      const standing = await app.container.make(AccountStanding)
      assert.deepEqual(
        await after.json(),
        await apiSerializer.serialize(UserTransformer.transform(await standing.account(stored)))
      )
      assert.equal(await planOf(stored), 'agency')
    })

  test('a signed-in request reads its session and its user in one statement', async ({
    assert,
    cleanup,
  }) => {
    await useSessionStore('database', cleanup)
    const device = new Device()
    await device.signIn('one-read@example.com')

    const statements = await queriesOf(() => device.me())

    const reads = statements.filter((sql) => /\b(sessions|users)\b/.test(sql))
    assert.lengthOf(reads, 1)
    assert.match(reads[0], /from sessions s left join users u/)
  })
})
