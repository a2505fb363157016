import { test } from '@japa/runner'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Payment from '#billing/models/payment'
import { createAccount } from '#tests/helpers/auth'
import {
  accountValue,
  balanceOf,
  createCoupon,
  packWith,
  planBySlug,
  setAccount,
} from '#tests/helpers/billing'
import { useFakeStripe } from '#tests/helpers/fakes/fake_stripe'

test.group('Checkout through Stripe (the real SDK against a local fake)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a pack: payment mode, priced from our table, one customer reused', async ({
    client,
    assert,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const user = await createAccount('buyer@example.com')
    const pack = await packWith(150)

    const first = await client
      .post('/api/checkout/session')
      .json({ credits: 150, amount: 12 })
      .loginAs(user)
      .withCsrfToken()
    const second = await client
      .post('/api/checkout/session')
      .json({ credits: 150, amount: 12 })
      .loginAs(user)
      .withCsrfToken()

    first.assertStatus(200)
    assert.match(first.body().url, /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_fake_\d+$/)
    second.assertStatus(200)
    const customers = stripe.requests.filter((request) => request.path === '/v1/customers')
    assert.lengthOf(customers, 1)
    assert.deepEqual(customers[0].body, {
      email: 'buyer@example.com',
      metadata: { userId: String(user.id) },
    })
    await user.refresh()
    assert.equal(await accountValue(user, 'stripeCustomerId'), 'cus_fake_1')

    const sessions = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions')
    assert.lengthOf(sessions, 2)
    const payment = await Payment.query().where('user_id', user.id).orderBy('id').firstOrFail()
    assert.containsSubset(sessions[0].body, {
      mode: 'payment',
      customer: 'cus_fake_1',
      client_reference_id: String(user.id),
      line_items: {
        0: {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '1200',
            product_data: { name: '150 credits' },
          },
        },
      },
      metadata: {
        userId: String(user.id),
        paymentId: String(payment.id),
        creditPackId: String(pack.id),
      },
    })
    // Built from the app's own address (APP_URL), never from the request's Host header.
    const appUrl = `http://${env.get('HOST')}:${env.get('PORT')}`
    assert.deepEqual(
      sessions.map((session) => [session.body.success_url, session.body.cancel_url]),
      [
        [`${appUrl}/billing?checkout=success`, `${appUrl}/billing?checkout=cancelled`],
        [`${appUrl}/billing?checkout=success`, `${appUrl}/billing?checkout=cancelled`],
      ]
    )
    assert.notProperty(sessions[0].body, 'subscription_data')
    assert.containsSubset(payment.serialize(), {
      status: 'pending',
      kind: 'pack',
      amountCents: 1200,
      credits: 150,
      creditPackId: pack.id,
      stripeCheckoutSessionId: 'cs_fake_2',
    })
    await user.refresh()
    assert.equal(await balanceOf(user), 10, 'nothing is credited before Stripe says it is paid')
  })

  test('a plan: subscription mode with the plan on the subscription, a coupon as a Stripe coupon with our limit and expiry', async ({
    client,
    assert,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const user = await createAccount('subscriber@example.com')
    const pro = await planBySlug('pro')
    const coupon = await createCoupon({ code: 'LAUNCH20', discountValue: 20, usageLimit: 5 })

    const response = await client
      .post('/api/checkout/session')
      .json({ planId: pro.id, priceId: null, couponCode: 'launch20' })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(200)
    const couponRequest = stripe.requests.find((request) => request.path === '/v1/coupons')
    assert.deepEqual(couponRequest?.body, {
      name: 'LAUNCH20',
      duration: 'once',
      percent_off: '20',
      metadata: { couponId: String(coupon.id) },
      max_redemptions: '5',
      redeem_by: String(Math.floor(coupon.expiresAt!.toSeconds())),
    })
    const session = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')
    assert.containsSubset(session?.body, {
      mode: 'subscription',
      line_items: {
        0: { price_data: { unit_amount: '900', recurring: { interval: 'month' } } },
      },
      discounts: { 0: { coupon: 'coupon_fake_2' } },
      subscription_data: { metadata: { planId: String(pro.id), couponId: String(coupon.id) } },
    })
    await coupon.refresh()
    assert.equal(coupon.stripeCouponId, 'coupon_fake_2')
    assert.equal(coupon.usageCount, 0, 'a coupon counts when the payment completes')
    const payment = await Payment.findByOrFail('user_id', user.id)
    assert.deepEqual(
      [payment.kind, payment.amountCents, payment.couponId],
      ['subscription', 720, coupon.id]
    )
  })

  test('a plan with a Stripe price is sold at that price; another priceId is refused', async ({
    client,
    assert,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const user = await createAccount('priced@example.com')
    const agency = await planBySlug('agency')
    await agency.merge({ stripePriceId: 'price_agency_monthly' }).save()

    const tampered = await client
      .post('/api/checkout/session')
      .json({ planId: agency.id, priceId: 'price_cheaper' })
      .loginAs(user)
      .withCsrfToken()
    const priced = await client
      .post('/api/checkout/session')
      .json({ planId: agency.id, priceId: 'price_agency_monthly' })
      .loginAs(user)
      .withCsrfToken()

    tampered.assertStatus(422)
    tampered.assertBody({ message: 'This plan is not available.' })
    priced.assertStatus(200)
    const sessions = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions')
    assert.lengthOf(sessions, 1)
    assert.deepEqual(sessions[0].body.line_items, {
      0: { price: 'price_agency_monthly', quantity: '1' },
    })
  })

  test('refuses {label} with a clear message, and changes nothing')
    .with([
      {
        label: 'a tampered amount',
        body: { credits: 150, amount: 1 },
        status: 422,
        message: 'This credit pack is not available.',
      },
      {
        label: 'tampered credits',
        body: { credits: 1500, amount: 12 },
        status: 422,
        message: 'This credit pack is not available.',
      },
      {
        label: 'an inactive pack',
        body: { credits: 600, amount: 39 },
        status: 422,
        message: 'This credit pack is not available.',
      },
      {
        label: 'the free plan',
        body: { planId: 'free' },
        status: 422,
        message: 'This plan is not available.',
      },
      {
        label: 'an unknown plan',
        body: { planId: 2_147_483_647 },
        status: 422,
        message: 'This plan is not available.',
      },
      {
        label: 'an id past 2^31',
        body: { planId: 2_147_483_648 },
        status: 422,
        message: 'Unknown plan.',
      },
      {
        label: 'an amount of 1e308',
        body: { credits: 150, amount: 1e308 },
        status: 422,
        message: 'This credit pack is not available.',
      },
      {
        label: 'a NaN amount',
        body: { credits: 150, amount: 'NaN' },
        status: 422,
        message: 'This credit pack is not available.',
      },
      {
        label: 'an array for a plan',
        body: { planId: [1] },
        status: 422,
        message: 'Unknown plan.',
      },
      {
        label: 'nothing to buy',
        body: {},
        status: 422,
        message: 'Choose a plan or a credit pack.',
      },
      {
        label: 'an unknown coupon',
        body: { credits: 150, amount: 12, couponCode: 'NOPE' },
        status: 422,
        message: 'This coupon code is not valid.',
      },
      {
        label: 'an expired coupon',
        body: { credits: 150, amount: 12, couponCode: 'OLD' },
        status: 422,
        message: 'This coupon has expired.',
      },
      {
        label: 'a disabled coupon',
        body: { credits: 150, amount: 12, couponCode: 'OFF' },
        status: 422,
        message: 'This coupon is no longer active.',
      },
      {
        label: 'a used-up coupon',
        body: { credits: 150, amount: 12, couponCode: 'GONE' },
        status: 422,
        message: 'This coupon has reached its usage limit.',
      },
    ])
    .run(async ({ client, assert, cleanup }, { body, status, message }) => {
      const stripe = await useFakeStripe(cleanup)
      const user = await createAccount('tamperer@example.com')
      const free = await planBySlug('free')
      const retired = await packWith(600)
      await retired.merge({ isActive: false }).save()
      await createCoupon({ code: 'OLD', expiresAt: DateTime.now().minus({ minutes: 1 }) })
      await createCoupon({ code: 'OFF', isActive: false })
      await createCoupon({ code: 'GONE', usageLimit: 3, usageCount: 3 })
      const payload = 'planId' in body && body.planId === 'free' ? { planId: free.id } : body

      const response = await client
        .post('/api/checkout/session')
        .json(payload)
        .loginAs(user)
        .withCsrfToken()

      response.assertStatus(status)
      assert.equal(response.body().message, message)
      assert.lengthOf(stripe.requests, 0)
      assert.lengthOf(await db.from('payments'), 0)
      const coupons = await db.from('coupons').select('code', 'usage_count').orderBy('code')
      assert.deepEqual(
        coupons.map((row) => row.usage_count),
        [3, 0, 0]
      )
    })

  test('a Stripe failure answers 502 with a message and leaves no pending payment', async ({
    client,
    assert,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const user = await createAccount('unlucky@example.com')
    await setAccount(user, { stripeCustomerId: 'cus_existing' })
    stripe.failNextRequest()

    const response = await client
      .post('/api/checkout/session')
      .json({ credits: 30, amount: 3 })
      .loginAs(user)
      .withCsrfToken()

    response.assertStatus(502)
    response.assertBody({ message: 'The payment session could not be created. Please try again.' })
    assert.lengthOf(await db.from('payments'), 0)
  })

  test('Manage Billing opens a Stripe Billing Portal session for the customer', async ({
    client,
    assert,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const user = await createAccount('manager@example.com')
    const none = await client.post('/api/billing/portal').loginAs(user).withCsrfToken()
    await setAccount(user, { stripeCustomerId: 'cus_manager' })

    const response = await client.post('/api/billing/portal').loginAs(user).withCsrfToken()

    none.assertStatus(409)
    response.assertStatus(200)
    assert.match(response.body().url, /^https:\/\/billing\.stripe\.test\/p\/session\//)
    assert.lengthOf(stripe.requests, 1)
    assert.equal(stripe.requests[0].body.customer, 'cus_manager')
    assert.match(stripe.requests[0].body.return_url, /\/billing$/)
  })
})
