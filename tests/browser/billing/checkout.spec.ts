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

  test('a subscriber’s other plans open Manage Billing, where plans change, never a checkout that refuses them', async ({
    browserContext,
    visit,
  }) => {
    const user = await createAccount('browser.subscriber@example.com')
    await browserContext.loginAs(user)
    const page = await visit('/billing')
    await page
      .locator('[data-testid="plan-pro"]')
      .getByRole('button', { name: 'Upgrade to Pro' })
      .click()
    await page.getByRole('button', { name: 'Pay $9' }).click()
    await page.waitForURL(/\/billing\?checkout=success$/)

    const agency = page.locator('[data-testid="plan-agency"]')
    await agency.getByRole('button', { name: 'Switch to Agency' }).click()

    await page.waitForURL('**/billing/test-portal')
    await page.getByRole('heading', { name: 'Manage billing' }).waitFor()
    await page.getByRole('button', { name: 'Switch to Agency' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Pay $29 and switch' }).click()
    await page.getByText('You are now on Agency: its 6,000 credits are in your balance.').waitFor()
    await page.goto('/billing')
    await page
      .locator('[data-testid="plan-pro"]')
      .getByRole('button', { name: 'Switch to Pro' })
      .waitFor()
    await page
      .locator('[data-testid="plan-agency"]')
      .getByRole('button', { name: 'Current Plan' })
      .waitFor()
  })
})
