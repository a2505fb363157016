import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Payment from '#billing/models/payment'
import { createAccount } from '#tests/helpers/auth'

const phone = { width: 390, height: 844 }

test.group('Payment history on a phone', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('at 390 px every row shows its status, refund and failure reason inside the screen', async ({
    assert,
    browserContext,
    visit,
  }) => {
    const user = await createAccount('browser.phone.payer@example.com')
    const base = { userId: user.id, currency: 'usd', amountCents: 1200, credits: 150 }
    await Payment.create({ ...base, kind: 'pack', status: 'completed', refundedCents: 600 })
    await Payment.create({
      ...base,
      kind: 'subscription',
      status: 'failed',
      failureReason: 'Your card was declined.',
    })
    await browserContext.loginAs(user)

    const page = await visit('/billing')
    await page.setViewportSize(phone)
    await page.reload()

    await page.assertElementsCount('[data-testid="payment-row"]', 2)
    const table = page.locator('table')
    for (const text of ['Status', '$6 refunded', 'Your card was declined.', 'Failed']) {
      const box = await table.getByText(text, { exact: true }).first().boundingBox()
      assert.isNotNull(box, text)
      assert.isAtMost(box!.x + box!.width, phone.width, `${text} ends inside the screen`)
      assert.isAtLeast(box!.x, 0, text)
    }
    assert.isTrue(
      await page
        .locator('[data-testid="payment-row"] td:first-child')
        .getByText('Subscription')
        .isVisible()
    )
    assert.isFalse(await page.getByRole('columnheader', { name: 'Item' }).isVisible())
  })
})
