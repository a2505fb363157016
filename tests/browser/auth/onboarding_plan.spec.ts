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

  test('an Agency subscriber sees Agency as the current plan, selected, with no offer to buy it again', async ({
    assert,
    browserContext,
    visit,
  }) => {
    await browserContext.loginAs(await createAccount('agency.onboarding@example.com'))
    const page = await visit('/billing')
    await page
      .locator('[data-testid="plan-agency"]')
      .getByRole('button', { name: 'Upgrade to Agency' })
      .click()
    await page.getByRole('button', { name: 'Pay $29' }).click()
    await page.waitForURL(/\/billing\?checkout=success$/)

    await page.goto('/onboarding/plan')
    const agency = page.getByRole('radio', { name: 'Agency' })
    await agency.getByText('Current plan').waitFor()
    assert.equal(await agency.getAttribute('aria-checked'), 'true')
    assert.equal(
      await page.getByRole('radio', { name: 'Free' }).getAttribute('aria-checked'),
      'false'
    )
    assert.equal(await page.getByText('Selected', { exact: true }).count(), 1)
    assert.equal(
      await page.getByRole('button', { name: /Agency$/ }).count(),
      0,
      'no Upgrade to Agency'
    )
    await page.getByRole('link', { name: 'Continue with Agency' }).waitFor()
    await page.assertNotExists('text=Continue with Free')

    await page.getByRole('button', { name: 'Switch to Pro' }).click()
    await page.waitForURL('**/billing/test-portal')
  })
})
