import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'

test.group('Home in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a brand-new creator is welcomed, not welcomed back', async ({ browserContext, visit }) => {
    await browserContext.loginAs(await createAccount('first.visit@example.com'))
    const page = await visit('/')

    await page.assertTextContains('h1', 'Welcome to Reelforge')
    await page.assertNotExists('text=Welcome back')
  })
})
