import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'

test.group('Onboarding plan in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('choosing the Pro card turns the main button into Pro and starts its checkout', async ({
    browserContext,
    visit,
  }) => {
    await browserContext.loginAs(await createAccount('new.pro@example.com'))
    const page = await visit('/onboarding/plan')
    await page.assertExists('text=Continue with Free')

    await page.getByRole('radio', { name: 'Pro' }).click()
    await page.assertNotExists('text=Continue with Free')
    await page.getByRole('button', { name: 'Continue with Pro' }).click()

    await page.waitForURL(/\/billing\/test-checkout\/cs_local_/)
    await page.assertTextContains('body', 'Pro')
  })
})
