import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import Payment from '#billing/models/payment'
import { LocalCheckout } from '#billing/services/local_checkout'
import { createAccount } from '#tests/helpers/auth'
import {
  accountValue,
  assertBalanceIsLedger,
  createCoupon,
  ledgerOf,
  planBySlug,
  planOf,
} from '#tests/helpers/billing'

test.group('Offline checkout (no Stripe keys)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('Pay on the test checkout subscribes to Pro through the webhook handler; billing:renew grants the next month', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('offline@example.com')
    const pro = await planBySlug('pro')

    const session = await client
      .post('/api/checkout/session')
      .json({ planId: pro.id, priceId: null })
      .loginAs(user)
      .withCsrfToken()
    session.assertStatus(200)
    const url: string = session.body().url
    assert.match(url, /^\/billing\/test-checkout\/cs_local_[a-f0-9]{24}$/)

    const page = await client.get(url).loginAs(user).withInertia()
    page.assertInertiaComponent('billing/test_checkout')
    page.assertInertiaPropsContains({ name: 'Reelforge Pro', total: 9, status: 'open' })

    const paid = await client.post(`${url}/pay`).loginAs(user).withCsrfToken().redirects(0)
    paid.assertStatus(302)
    assert.match(paid.header('location') ?? '', /\/billing\?checkout=success$/)

    await user.refresh()
    assert.equal(await planOf(user), 'pro')
    assert.match((await accountValue(user, 'stripeSubscriptionId'))!, /^sub_local_/)
    const payment = await Payment.findByOrFail('user_id', user.id)
    assert.deepEqual(
      [payment.status, payment.amountCents, payment.credits],
      ['completed', 900, 1200]
    )
    assert.equal(await assertBalanceIsLedger(assert, user), 1210)

    const again = await client.post(`${url}/pay`).loginAs(user).withCsrfToken().redirects(0)
    assert.match(again.header('location') ?? '', /\/billing$/)

    const checkout = await app.container.make(LocalCheckout)
    await checkout.renew(user.id)
    const grants = await ledgerOf(user)
    assert.deepEqual(
      grants.map((row) => [row.reason, row.amount]),
      [
        ['signup', 10],
        ['plan_grant', 1200],
        ['plan_grant', 1200],
      ]
    )
    assert.equal(await assertBalanceIsLedger(assert, user), 2410)
  })

  test('Cancel expires the session: the pending payment shows as cancelled, nothing credited', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('changed.mind@example.com')
    const session = await client
      .post('/api/checkout/session')
      .json({ credits: 30, amount: 3 })
      .loginAs(user)
      .withCsrfToken()
    const url: string = session.body().url

    const cancelled = await client.post(`${url}/cancel`).loginAs(user).withCsrfToken().redirects(0)

    assert.match(cancelled.header('location') ?? '', /\/billing\?checkout=cancelled$/)
    const payment = await Payment.findByOrFail('user_id', user.id)
    assert.equal(payment.status, 'cancelled')
    assert.equal(await assertBalanceIsLedger(assert, user), 10)
    const other = await createAccount('someone.else@example.com')
    const foreign = await client.get(url).loginAs(other)
    foreign.assertStatus(404)
  })

  test('the test checkout names the coupon and its discount', async ({ client }) => {
    const user = await createAccount('coupon.shopper@example.com')
    await createCoupon({ code: 'LAUNCH20', discountValue: 20 })
    const session = await client
      .post('/api/checkout/session')
      .json({ credits: 150, amount: 12, couponCode: 'launch20' })
      .loginAs(user)
      .withCsrfToken()

    const page = await client.get(session.body().url).loginAs(user).withInertia()

    page.assertInertiaPropsContains({
      subtotal: 12,
      total: 9.6,
      coupon: { code: 'LAUNCH20', terms: '20% off' },
    })
  })

  test('/plans?need=N names the cheapest pack and plan that cover it', async ({ client }) => {
    const user = await createAccount('short@example.com')
    const pro = await planBySlug('pro')

    const response = await client.get('/plans?need=100').loginAs(user).withInertia()

    response.assertInertiaComponent('billing/plans')
    response.assertInertiaPropsContains({ need: 100, cheapestPlanId: pro.id })
  })
})
