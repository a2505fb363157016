import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Stripe from 'stripe'
import type User from '#auth/models/user'
import CreditPack from '#billing/models/credit_pack'
import Payment from '#billing/models/payment'
import Plan from '#billing/models/plan'
import { MAX_BALANCE } from '#billing/services/credit_ledger'
import env from '#start/env'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { createOperator } from '#tests/helpers/admin'
import {
  accountValue,
  assertBalanceIsLedger,
  ledgerOf,
  paidPackSession,
  planBySlug,
  planOf,
  setAccount,
} from '#tests/helpers/billing'
import {
  FAKE_WEBHOOK_SECRET,
  deliverStripeEvent,
  useFakeStripe,
} from '#tests/helpers/fakes/fake_stripe'

function invoice(user: User, fields: Record<string, unknown>) {
  return {
    id: `in_hostile_${user.id}`,
    object: 'invoice',
    customer: `cus_${user.id}`,
    billing_reason: 'subscription_create',
    currency: 'usd',
    amount_due: 900,
    amount_paid: 900,
    parent: {
      subscription_details: { subscription: 'sub_hostile', metadata: { userId: String(user.id) } },
    },
    lines: { object: 'list', data: [] },
    ...fields,
  }
}

function refunded(user: User, id: string, amount: number, amountRefunded: number) {
  return {
    id,
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${user.id}`,
        object: 'charge',
        amount,
        amount_refunded: amountRefunded,
        refunded: amount === amountRefunded,
        payment_intent: `pi_paid_${user.id}`,
      },
    },
  }
}

async function postSigned(payload: string, header?: string) {
  const signature =
    header ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET })
  const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
  return { status: response.status, body: await response.text() }
}

test.group('Stripe webhooks: signed but hostile events', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const unusable: [string, (user: User) => object][] = [
    ['an amount_paid of "lots"', (user) => invoice(user, { amount_paid: 'lots' })],
    ['an amount_paid of 2^40', (user) => invoice(user, { amount_paid: 2 ** 40 })],
    ['a 5,000-character currency', (user) => invoice(user, { currency: 'u'.repeat(5000) })],
    ['a 10,000-character invoice id', (user) => invoice(user, { id: 'i'.repeat(10_000) })],
    ['lines: "x"', (user) => invoice(user, { lines: 'x' })],
    [
      'a metadata value that is an object',
      (user) =>
        invoice(user, {
          parent: { subscription_details: { subscription: 'sub_x', metadata: { userId: {} } } },
        }),
    ],
    [
      'a NUL in a metadata value',
      (user) =>
        invoice(user, {
          parent: {
            subscription_details: {
              subscription: 'sub_hostile',
              metadata: { userId: String(user.id), note: 'a\u0000b' },
            },
          },
        }),
    ],
    ['a lone surrogate in the customer id', (user) => invoice(user, { customer: 'cus_\ud800' })],
  ]

  test('an invoice.paid with {label} is recorded as unusable and acknowledged: nothing moves')
    .with(unusable.map(([label, build]) => ({ label, build })))
    .run(async ({ assert, cleanup }, { build }) => {
      await useFakeStripe(cleanup)
      const user = await createAccount('hostile.invoice@example.com')
      await setAccount(user, { stripeCustomerId: `cus_${user.id}` })
      const event = { id: 'evt_hostile', type: 'invoice.paid', data: { object: build(user) } }

      const answer = await deliverStripeEvent(event)
      const again = await deliverStripeEvent(event)

      assert.deepEqual([answer.status, answer.body.result], [200, 'unusable'])
      assert.deepEqual([again.status, again.body.result], [200, 'duplicate'])
      const [recorded] = await db.from('stripe_events').where('id', 'evt_hostile')
      assert.equal(recorded.outcome, 'unusable')
      assert.isString(recorded.note)
      assert.lengthOf(await Payment.query().where('user_id', user.id), 0)
      assert.equal(await assertBalanceIsLedger(assert, user), 10)
    })
    .tags(['@hostile'])

  test('{label}: {status}, never a 500, and nothing moves')
    .with([
      {
        label: 'data.object: null',
        payload: (user: User) =>
          JSON.stringify({
            id: `evt_null_${user.id}`,
            type: 'invoice.paid',
            data: { object: null },
          }),
        status: 200,
      },
      {
        label: 'no data at all',
        payload: (user: User) =>
          JSON.stringify({ id: `evt_nodata_${user.id}`, type: 'invoice.paid' }),
        status: 200,
      },
      {
        label: 'metadata ids of "99999999999"',
        payload: (user: User) =>
          JSON.stringify({
            id: `evt_bigid_${user.id}`,
            type: 'checkout.session.completed',
            data: {
              object: {
                id: 'cs_big',
                mode: 'payment',
                payment_status: 'paid',
                client_reference_id: '99999999999',
                metadata: { userId: '99999999999', paymentId: '99999999999' },
              },
            },
          }),
        status: 200,
      },
      {
        label: 'a plan id of "99999999999" on an invoice',
        payload: (user: User) =>
          JSON.stringify({
            id: `evt_bigplan_${user.id}`,
            type: 'invoice.paid',
            data: {
              object: invoice(user, {
                parent: {
                  subscription_details: {
                    subscription: 'sub_big',
                    metadata: { userId: String(user.id), planId: '99999999999' },
                  },
                },
              }),
            },
          }),
        status: 200,
      },
      {
        label: 'a 10,000-character event id',
        payload: () =>
          JSON.stringify({ id: 'e'.repeat(10_000), type: 'invoice.paid', data: { object: {} } }),
        status: 400,
      },
      {
        label: 'a NUL in the event id',
        payload: () =>
          JSON.stringify({ id: 'evt_\u0000', type: 'invoice.paid', data: { object: {} } }),
        status: 400,
      },
      { label: 'an event that is an array', payload: () => '[1, 2]', status: 400 },
      { label: 'signed text that is not JSON', payload: () => '{"id": "evt_', status: 400 },
    ])
    .run(async ({ assert, cleanup }, { payload, status }) => {
      await useFakeStripe(cleanup)
      const user = await createAccount('hostile.event@example.com')
      const { payment } = await paidPackSession(user, 150)

      const answer = await postSigned(payload(user))

      assert.equal(answer.status, status)
      await payment.refresh()
      assert.equal(payment.status, 'pending')
      assert.equal(await assertBalanceIsLedger(assert, user), 10)
    })

  test('a signature dated more than 5 minutes ahead is refused like one 5 minutes old', async ({
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const user = await createAccount('time.traveller@example.com')
    const { event: paid, payment } = await paidPackSession(user, 150)
    const payload = JSON.stringify(paid)
    const signedAt = (offsetSeconds: number) =>
      Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: FAKE_WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
      })

    const future = await postSigned(payload, signedAt(600))
    const past = await postSigned(payload, signedAt(-600))
    await payment.refresh()
    assert.equal(payment.status, 'pending')
    const nearFuture = await postSigned(payload, signedAt(60))

    assert.deepEqual(
      [future.status, past.status, nearFuture.status],
      [400, 400, 200],
      'ten minutes ahead, ten behind, one ahead (clock skew)'
    )
    await payment.refresh()
    assert.equal(payment.status, 'completed')
  })
})

test.group('Operator settings cannot break a payment', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a paid plan with 0 credits: Pay subscribes, the payment completes, no grant', async ({
    client,
    assert,
  }) => {
    const pro = await planBySlug('pro')
    await pro.merge({ credits: 0 }).save()
    const user = await createAccount('features.only@example.com')
    const session = await client
      .post('/api/checkout/session')
      .json({ planId: pro.id, priceId: null })
      .loginAs(user)
      .withCsrfToken()

    const paid = await client
      .post(`${session.body().url}/pay`)
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    assert.equal(
      paid.header('location'),
      `http://${env.get('HOST')}:${env.get('PORT')}/billing?checkout=success`
    )
    await user.refresh()
    assert.equal(await planOf(user), 'pro')
    const payment = await Payment.findByOrFail('user_id', user.id)
    assert.equal(payment.status, 'completed')
    const ledger = await ledgerOf(user)
    assert.deepEqual(
      ledger.map((row) => row.reason),
      ['signup']
    )
  })

  test('a pack that would take a balance past what it holds: the payment fails with its reason, nothing half-done', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('whale@example.com')
    await grantCredits(user, MAX_BALANCE - 10 - 500_000)
    const pack = await CreditPack.create({ credits: 1_000_000, priceCents: 99_900, sortOrder: 9 })
    const session = await client
      .post('/api/checkout/session')
      .json({ credits: pack.credits, amount: 999 })
      .loginAs(user)
      .withCsrfToken()

    const paid = await client
      .post(`${session.body().url}/pay`)
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)

    paid.assertStatus(302)
    const payment = await Payment.findByOrFail('user_id', user.id)
    assert.equal(payment.status, 'failed')
    assert.match(payment.failureReason!, /the most an account holds/)
    assert.equal(await assertBalanceIsLedger(assert, user), MAX_BALANCE - 500_000)
    const history = await client.get('/billing').loginAs(user).withInertia()
    assert.equal(history.inertiaProps.payments[0].failureReason, payment.failureReason)
  })

  test('the admin API bounds credits to what a balance can hold, and says so', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const pack = await client
      .post('/api/admin/credit-packs')
      .json({ credits: 1_000_000_000, price: 10 })
      .loginAs(operator)
      .withCsrfToken()
    const pro = await planBySlug('pro')
    const plan = await client
      .patch(`/api/admin/plans/${pro.id}`)
      .json({ name: 'Pro', stripePriceId: 'price_x', price: 9, credits: 5_000_000 })
      .loginAs(operator)
      .withCsrfToken()
    const coupon = await client
      .post('/api/admin/coupons')
      .json({ code: 'NODATE', discountValue: 10, expiresAt: '2020-13-45' })
      .loginAs(operator)
      .withCsrfToken()

    pack.assertStatus(422)
    assert.include(JSON.stringify(pack.body()), 'Credits must be between 1 and 1,000,000')
    plan.assertStatus(422)
    assert.include(JSON.stringify(plan.body()), 'Credits must be between 0 and 1,000,000')
    coupon.assertStatus(422)
    assert.include(JSON.stringify(coupon.body()), 'Expiry must be a real date (YYYY-MM-DD)')
    await pro.refresh()
    assert.equal(pro.credits, 1200)
    assert.isNull(await CreditPack.findBy('credits', 1_000_000_000))
    assert.isNull(await Plan.findBy('credits', 5_000_000))
  })
})

test.group('Refunds take credits back', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a partial then a full refund take the pack’s credits back in proportion, once each', async ({
    client,
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const user = await createAccount('refunded@example.com')
    const { pack, payment, event: paid } = await paidPackSession(user, 150)
    await deliverStripeEvent(paid)
    assert.equal(await assertBalanceIsLedger(assert, user), 160)

    const half = refunded(user, 'evt_refund_half', pack.priceCents, pack.priceCents / 2)
    const answers = await Promise.all([deliverStripeEvent(half), deliverStripeEvent(half)])
    assert.sameMembers(
      answers.map((answer) => answer.body.result),
      ['processed', 'duplicate']
    )
    assert.equal(await assertBalanceIsLedger(assert, user), 85)

    await deliverStripeEvent(refunded(user, 'evt_refund_all', pack.priceCents, pack.priceCents))
    assert.equal(await assertBalanceIsLedger(assert, user), 10)
    await payment.refresh()
    assert.equal(payment.refundedCents, pack.priceCents)
    const ledger = await ledgerOf(user)
    assert.deepEqual(
      ledger.map((row) => [row.reason, row.amount]),
      [
        ['signup', 10],
        ['pack_purchase', 150],
        ['payment_refund', -75],
        ['payment_refund', -75],
      ]
    )
    const history = await client.get('/billing').loginAs(user).withInertia()
    assert.deepEqual(
      [history.inertiaProps.payments[0].status, history.inertiaProps.payments[0].refunded],
      ['completed', pack.priceCents / 100]
    )
    const operator = await createOperator()
    const dashboard = await client.get('/admin').loginAs(operator).withInertia()
    assert.deepEqual(
      [dashboard.inertiaProps.stats.refundedPayments, dashboard.inertiaProps.stats.refunded],
      [1, pack.priceCents / 100]
    )
  })

  test('credits already spent become a debt that the next purchase settles first', async ({
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const user = await createAccount('spender@example.com')
    const { pack, event: paid } = await paidPackSession(user, 150)
    await deliverStripeEvent(paid)
    // 120 of the 160 credits spent on a video.
    await setAccount(user, { credits: 40 })
    await db.table('credit_ledger').insert({
      user_id: user.id,
      amount: -120,
      reason: 'video_charge',
      reference: 'video:spent',
      balance_after: 40,
    })

    await deliverStripeEvent(refunded(user, 'evt_refund_spent', pack.priceCents, pack.priceCents))

    assert.equal(await assertBalanceIsLedger(assert, user), 0)
    assert.equal(await accountValue(user, 'creditDebt'), 110)

    const next = await paidPackSession(user, 150, { tag: 'next' })
    await deliverStripeEvent(next.event)

    assert.equal(await assertBalanceIsLedger(assert, user), 40)
    assert.equal(await accountValue(user, 'creditDebt'), 0)
    const ledger = await ledgerOf(user)
    assert.deepEqual(
      ledger.slice(-3).map((row) => [row.reason, row.amount]),
      [
        ['payment_refund', -40],
        ['pack_purchase', 150],
        ['debt_settlement', -110],
      ]
    )
  })
})
