import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import AuthLink from '#auth/commands/auth_link'

test.group('auth:link', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('prints a one-time sign-in link that signs in, and creates nothing until used', async ({
    client,
    assert,
  }) => {
    const command = await ace.create(AuthLink, ['Link.User@Example.com'])
    command.ui.switchMode('raw')
    await command.exec()

    command.assertSucceeded()
    const printed = command.ui.logger
      .getLogs()
      .map((log) => log.message)
      .join('\n')
    const token = printed.match(/\/auth\/callback\?token=([\w-]+)/)![1]
    assert.isNull(await db.from('users').where('email', 'link.user@example.com').first())

    const response = await client.post('/api/auth/verify-link').json({ token }).withCsrfToken()
    response.assertBody({ isNewUser: true, redirectTo: '/onboarding/plan' })
  })

  test('refuses an invalid email', async () => {
    const command = await ace.create(AuthLink, ['not-an-email'])
    command.ui.switchMode('raw')
    await command.exec()

    command.assertFailed()
    command.assertLog('[ red(error) ] Please enter a valid email address.')
  })
})
