import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { screens } from '#tests/helpers/screens'
import type { Page } from 'playwright'
import { createOperator } from '#tests/helpers/admin'
import { createAccount } from '#tests/helpers/auth'
import { createVideos } from '#tests/helpers/studio'

async function stat(page: Page, label: string) {
  const text = await page.getByLabel(label, { exact: true }).textContent()
  return Number(text?.replaceAll(',', ''))
}

/*
 * The operator's management of plans, coupons, packs and tracks is walked
 * through in tests/browser/admin/operator.spec.ts; this journey watches the
 * business move on the dashboard while a customer buys and creates.
 */
test.group('Journey: the operator sees the business move', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a new customer, a finished video and a pack bought show on the stat cards', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const operator = await createOperator()
    await browserContext.loginAs(operator)
    const page = await visit('/admin')
    const shot = screens(page, 'operator')
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()
    const before = {
      users: await stat(page, 'Total Users'),
      videos: await stat(page, 'Videos Generated'),
      packs: await stat(page, 'Credit Pack Purchases'),
    }
    await page.getByText('API Configuration').first().waitFor()
    await shot('dashboard-before')

    const customer = await createAccount('busy.customer@example.com')
    await createVideos(customer, 1, () => ({ status: 'done' }))
    await browserContext.loginAs(customer)
    await page.goto('/billing')
    await page.locator('[data-testid="pack-150"]').getByRole('button', { name: 'Buy' }).click()
    await page.getByRole('button', { name: 'Pay $12' }).click()
    await page.waitForURL(/\/billing\?checkout=success$/)

    await browserContext.loginAs(operator)
    await page.goto('/admin')
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor()
    assert.equal(await stat(page, 'Total Users'), before.users + 1)
    assert.equal(await stat(page, 'Videos Generated'), before.videos + 1)
    assert.equal(await stat(page, 'Credit Pack Purchases'), before.packs + 1)
    await page.getByRole('tab', { name: 'Analytics' }).click()
    await page.getByRole('cell', { name: 'busy.customer@example.com' }).waitFor()
    await shot('dashboard-after')
  })
})
