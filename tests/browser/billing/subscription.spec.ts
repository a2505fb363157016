import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Page } from 'playwright'
import { createAccount } from '#tests/helpers/auth'
import { screens } from '#tests/helpers/screens'

/** A day as the page writes it: "December 26, 2026". */
const DAY = /[A-Z][a-z]+ \d{1,2}, \d{4}/

/** Pro, bought on the test checkout from /billing. */
async function subscribeToPro(page: Page) {
  await page.goto('/billing')
  await page
    .locator('[data-testid="plan-pro"]')
    .getByRole('button', { name: 'Upgrade to Pro' })
    .click()
  await page.getByRole('button', { name: 'Pay $9' }).click()
  await page.waitForURL(/\/billing\?checkout=success$/)
}

test.group('Billing: a subscriber sees what renews, what ends and what a switch costs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('/billing says "Renews on …"; after Cancel at period end, "Ends on …" with Resume, which brings the renewal back', async ({
    assert,
    browserContext,
    visit,
  }) => {
    await browserContext.loginAs(await createAccount('renews@example.com'))
    const page = await visit('/billing')
    const shot = screens(page, 'subscription')
    const renewal = page.getByTestId('subscription-renewal')
    assert.equal(await renewal.count(), 0, 'Free has nothing to renew')

    await subscribeToPro(page)
    await renewal.getByText('Renews on').waitFor()
    const renewalText = await renewal.innerText()
    const renewsOn = renewalText.match(DAY)![0]
    await shot('renews')

    await page.getByRole('button', { name: 'Manage Billing' }).click()
    await page.waitForURL('**/billing/test-portal')
    await page.getByRole('button', { name: 'Cancel at period end' }).click()
    await page.getByText(`Your subscription will end on ${renewsOn}.`).waitFor()
    await page.getByRole('link', { name: 'Back to Billing' }).click()

    await renewal.getByText(`Ends on ${renewsOn}.`).waitFor()
    await renewal.getByText('Your Pro plan stays until then; after that you are on Free.').waitFor()
    await shot('ends')
    await renewal.getByRole('button', { name: 'Resume' }).click()
    await page.getByText('Your subscription will renew as usual.').waitFor()
    await renewal.getByText(`Renews on ${renewsOn}.`).waitFor()
    assert.equal(new URL(page.url()).pathname, '/billing')
  })

  test('Switch to Agency first states what is charged now and what changes; Cancel charges nothing, confirming charges it', async ({
    assert,
    browserContext,
    visit,
  }) => {
    await browserContext.loginAs(await createAccount('switches@example.com'))
    const page = await visit('/billing')
    const shot = screens(page, 'subscription-switch')
    await subscribeToPro(page)
    const credits = page.getByTestId('credits-remaining')
    await credits.getByText('1,210').waitFor()

    await page.goto('/billing/test-portal')
    await page.getByRole('button', { name: 'Switch to Agency' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('Switch to Agency for $29 now?').waitFor()
    await dialog
      .getByText(
        /^\$29 is charged now and Agency's 6,000 credits are added to your balance; from [A-Z][a-z]+ \d{1,2}, \d{4} you pay \$29\/mo instead of \$9\/mo\.$/
      )
      .waitFor()
    await shot('confirm-upgrade')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.goto('/billing')
    assert.equal(await credits.innerText(), '1,210', 'nothing was charged')

    await page.goto('/billing/test-portal')
    await page.getByRole('button', { name: 'Switch to Agency' }).click()
    await dialog.getByRole('button', { name: 'Pay $29 and switch' }).click()
    await page.getByText('You are now on Agency: its 6,000 credits are in your balance.').waitFor()

    await page.getByRole('button', { name: 'Switch to Pro' }).click()
    await dialog.getByText('Switch to Pro?').waitFor()
    await dialog
      .getByText(
        /^Nothing is charged now: you move to Pro at once and from .+ you pay \$9\/mo instead of \$29\/mo\./
      )
      .waitFor()
    await shot('confirm-downgrade')
  })
})
