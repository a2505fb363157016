import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { fakeMail } from '#tests/helpers/auth'

test.group('Rate limits in the database', () => {
  test('a limit first counted in a rolled-back transaction still answers once the pool has closed that connection', async ({
    client,
    cleanup,
  }) => {
    fakeMail(cleanup)
    const send = (email: string) =>
      client.post('/api/auth/magic-link').json({ email }).withCsrfToken()

    const rollbackFirst = await testUtils.db().withGlobalTransaction()
    const first = await send('first.limit@example.com')
    await rollbackFirst()
    // The pool ends connections it no longer needs (idle ones after 30 s; all on close).
    await db.manager.close('postgres')
    cleanup(await testUtils.db().withGlobalTransaction())
    const second = await send('second.limit@example.com')

    first.assertStatus(200)
    second.assertStatus(200)
    second.assertBody({ message: 'Magic link sent!', email: 'second.limit@example.com' })
  })
})
