import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'

test.group('Billing in the browser', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/billing → buy a pack through the offline checkout → back with the new balance and a completed payment', async ({
    browserContext,
    visit,
  }) => {
    const user = await createAccount('browser.buyer@example.com')
    await browserContext.loginAs(user)

    const page = await visit('/billing')
    await page.assertTextContains('[data-testid="credits-remaining"]', '10')
    await page.locator('[data-testid="pack-150"]').getByRole('button', { name: 'Buy' }).click()

    await page.waitForURL(/\/billing\/test-checkout\/cs_local_/)
    await page.assertTextContains('body', 'Test checkout.')
    await page.assertTextContains('[data-testid="checkout-total"]', '$12')
    await page.getByRole('button', { name: 'Pay $12' }).click()

    await page.waitForURL(/\/billing\?checkout=success$/)
    await page.assertTextContains('[data-testid="credits-remaining"]', '160')
    await page.assertTextContains('[data-testid="payment-row"]', 'Completed')
    await page.assertTextContains('[data-testid="payment-row"]', '$12')
  })
})
