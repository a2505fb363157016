import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { screens } from '#tests/helpers/screens'
import { createAccount } from '#tests/helpers/auth'
import { createProject, startRenderWorker } from '#tests/helpers/studio'
import { balanceOf } from '#tests/helpers/billing'

test.group('Journey: a creator runs low on credits, buys a pack, generates again', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('meets the insufficient-credits dialog, pays through the offline checkout, and the video renders', async ({
    browserContext,
    visit,
    assert,
    cleanup,
  }) => {
    await startRenderWorker(cleanup)
    const user = await createAccount('low.credits@example.com')
    const project = await createProject(user, 3)
    await browserContext.loginAs(user)

    const page = await visit(`/storyboard/${project.id}`)
    const shot = screens(page, 'low-credits')
    await page.assertTextContains('aside', '10 credits')
    await page.getByRole('button', { name: 'Generate Final Video' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Insufficient credits').waitFor()
    await dialog.getByText('You need 5 more credits').waitFor()
    await shot('insufficient-credits')
    await dialog.getByRole('link', { name: 'View Plans' }).click()
    await page.waitForURL('**/plans?need=5')
    await shot('plans')

    await page.goto('/billing')
    await page.locator('[data-testid="pack-150"]').getByRole('button', { name: 'Buy' }).click()
    await page.waitForURL(/\/billing\/test-checkout\/cs_local_/)
    await page.assertTextContains('body', 'Test checkout.')
    await shot('checkout')
    await page.getByRole('button', { name: 'Pay $12' }).click()
    await page.waitForURL(/\/billing\?checkout=success$/)
    await page.assertTextContains('[data-testid="credits-remaining"]', '160')
    await shot('billing-after-payment')

    await page.goto(`/storyboard/${project.id}`)
    await page.getByRole('button', { name: 'Generate Final Video' }).click()
    await page.waitForURL(`**/status/${project.id}`)
    await page.waitForURL(`**/player/${project.id}`, { timeout: 120_000 })
    await page.locator('video').first().waitFor()
    await page.assertTextContains('aside', '145 credits')
    await shot('player')
    await user.refresh()
    assert.equal(await balanceOf(user), 145)
  })
})
