import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { createOperator } from '#tests/helpers/admin'
import { createCoupon } from '#tests/helpers/billing'
import { screens } from '#tests/helpers/screens'

test.group('Admin: the catalogue tables as an operator reads them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('at 390 px each plan stacks into its card: a whole row, actions included, without scrolling sideways', async ({
    assert,
    browserContext,
    visit,
  }) => {
    await browserContext.loginAs(await createOperator())
    const page = await visit('/admin')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('tab', { name: 'Plans Management' }).click()
    const table = page.getByRole('table', { name: 'Plans' })
    await table.waitFor()

    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(pageWidth, 390, 'the page does not scroll sideways')
    const scroller = await table
      .locator('xpath=..')
      .evaluate((element) => element.scrollWidth - element.clientWidth)
    assert.equal(scroller, 0, 'nor does the table')
    const agency = table.getByRole('row', { name: /Agency/ })
    for (const target of [
      agency.locator('td').first(),
      agency.getByText(/^\$29/),
      agency.getByRole('button', { name: 'Delete Agency' }),
    ]) {
      await target.scrollIntoViewIfNeeded()
      const box = (await target.boundingBox())!
      assert.isAtLeast(box.x, 0)
      assert.isAtMost(box.x + box.width, 390)
    }
    await screens(page, 'admin-catalogue')('plans-390')
  })

  test('a coupon used as often as its limit reads "Used up", one past its expiry "Expired"', async ({
    browserContext,
    visit,
  }) => {
    await createCoupon({ code: 'ONCE', usageLimit: 1, usageCount: 1 })
    await createCoupon({ code: 'TWICE', usageLimit: 2, usageCount: 1 })
    await createCoupon({ code: 'LASTWEEK', expiresAt: DateTime.now().minus({ days: 7 }) })
    await browserContext.loginAs(await createOperator())
    const page = await visit('/admin')
    await page.getByRole('tab', { name: 'Coupons' }).click()
    const coupons = page.getByRole('table', { name: 'Coupons' })

    await coupons.getByRole('row', { name: /ONCE/ }).getByText('Used up').waitFor()
    await coupons.getByRole('row', { name: /TWICE/ }).getByText('Active').waitFor()
    await coupons
      .getByRole('row', { name: /LASTWEEK/ })
      .getByText('Expired')
      .waitFor()
  })
})
