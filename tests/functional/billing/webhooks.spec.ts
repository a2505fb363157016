import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import Payment from '#billing/models/payment'
import { createAccount } from '#tests/helpers/auth'
import {
  accountValue,
  assertBalanceIsLedger,
  createCoupon,
  ledgerOf,
  paidPackSession,
  planBySlug,
  planOf,
  setAccount,
} from '#tests/helpers/billing'
import { deliverStripeEvent, useFakeStripe } from '#tests/helpers/fakes/fake_stripe'
import { paymentReference, SIGNUP_REFERENCE } from '#billing/ledger_references'

function invoicePaid(id: string, user: User, subscription: string, planId: number, amount: number) {
  return {
    id: `evt_${id}`,
    type: 'invoice.paid',
    data: {
      object: {
        id,
        object: 'invoice',
        customer: `cus_${user.id}`,
        billing_reason: 'subscription_create',
        currency: 'usd',
        amount_due: amount,
        amount_paid: amount,
        parent: {
          type: 'subscription_details',
          subscription_details: {
            subscription,
            metadata: { userId: String(user.id), planId: String(planId) },
          },
        },
        lines: { object: 'list', data: [] },
      },
    },
  }
}

function subscriptionEvent(id: string, type: string, user: User, subscription: string) {
  return {
    id,
    type,
    data: {
      object: {
        id: subscription,
        object: 'subscription',
        customer: `cus_${user.id}`,
        metadata: {},
      },
    },
  }
}

test.group('Stripe webhooks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a bad or missing signature is refused with 400 and changes nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const user = await createAccount('forger@example.com')
    const { event } = await paidPackSession(user, 150)

    const forged = await deliverStripeEvent(event, 'whsec_someone_else')
    const unsigned = await client.post('/webhooks/stripe').json(event)

    assert.equal(forged.status, 400)
    assert.deepEqual(forged.body, { message: 'Invalid Stripe signature' })
    unsigned.assertStatus(400)
    assert.lengthOf(await db.from('stripe_events'), 0)
    const payment = await Payment.findByOrFail('user_id', user.id)
    assert.equal(payment.status, 'pending')
    assert.equal(await assertBalanceIsLedger(assert, user), 10)
  })

  test('a paid pack session delivered 10 times credits once, completes the payment and counts its coupon once', async ({
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const user = await createAccount('payer@example.com')
    const coupon = await createCoupon({ code: 'TENOFF', usageLimit: 10 })
    const { payment, event } = await paidPackSession(user, 150, { couponId: coupon.id })

    const answers = []
    for (let i = 0; i < 10; i++) answers.push(await deliverStripeEvent(event))

    assert.deepEqual(answers[0], { status: 200, body: { received: true, result: 'processed' } })
    assert.isTrue(answers.slice(1).every((answer) => answer.body.result === 'duplicate'))
    assert.deepEqual(await ledgerOf(user), [
      { amount: 10, reason: 'signup', reference: SIGNUP_REFERENCE, payment_id: null },
      {
        amount: 150,
        reason: 'pack_purchase',
        reference: paymentReference(payment.id),
        payment_id: payment.id,
      },
    ])
    await payment.refresh()
    assert.equal(payment.status, 'completed')
    await coupon.refresh()
    assert.equal(coupon.usageCount, 1)
    assert.equal(await assertBalanceIsLedger(assert, user), 160)
  })

  test('an unknown event type is acknowledged, ignored and not recorded', async ({
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const answer = await deliverStripeEvent({
      id: 'evt_unknown',
      type: 'charge.dispute.funds_withdrawn',
      data: { object: { id: 'dp_1' } },
    })
    assert.deepEqual(answer, { status: 200, body: { received: true, result: 'ignored' } })
    assert.lengthOf(await db.from('stripe_events'), 0)
  })

  test('subscription events out of order end in Stripe’s current state; the invoice grants once', async ({
    assert,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const user = await createAccount('subscriber@example.com')
    await setAccount(user, { stripeCustomerId: `cus_${user.id}` })
    const [pro, agency] = [await planBySlug('pro'), await planBySlug('agency')]
    await agency.merge({ stripePriceId: 'price_agency' }).save()
    // Stripe now: upgraded to agency, after the pro invoice was paid.
    stripe.setSubscription('sub_1', {
      customer: `cus_${user.id}`,
      status: 'active',
      price: 'price_agency',
      metadata: { userId: String(user.id), planId: String(pro.id) },
    })

    await deliverStripeEvent(
      subscriptionEvent('evt_upd', 'customer.subscription.updated', user, 'sub_1')
    )
    await deliverStripeEvent(invoicePaid('in_1', user, 'sub_1', pro.id, 900))
    await deliverStripeEvent(
      subscriptionEvent('evt_new', 'customer.subscription.created', user, 'sub_1')
    )
    await deliverStripeEvent(invoicePaid('in_1', user, 'sub_1', pro.id, 900))

    await user.refresh()
    assert.equal(await planOf(user), 'agency')
    assert.equal(await accountValue(user, 'stripeSubscriptionId'), 'sub_1')
    const ledger = await ledgerOf(user)
    const grants = ledger.filter((row) => row.reason === 'plan_grant')
    assert.lengthOf(grants, 1)
    assert.equal(grants[0].amount, pro.credits)
    const payments = await Payment.query().where('user_id', user.id)
    assert.deepEqual(
      payments.map((row) => [row.status, row.amountCents, row.stripeInvoiceId, row.planId]),
      [['completed', 900, 'in_1', pro.id]]
    )

    // It ends; a late "updated" from before the end arrives after the "deleted".
    stripe.setSubscription('sub_1', {
      customer: `cus_${user.id}`,
      status: 'canceled',
      price: 'price_agency',
    })
    await deliverStripeEvent(
      subscriptionEvent('evt_del', 'customer.subscription.deleted', user, 'sub_1')
    )
    await deliverStripeEvent(
      subscriptionEvent('evt_late', 'customer.subscription.updated', user, 'sub_1')
    )

    await user.refresh()
    assert.equal(await planOf(user), 'free')
    assert.isNull(await accountValue(user, 'stripeSubscriptionId'))
    assert.equal(await assertBalanceIsLedger(assert, user), 10 + pro.credits)
  })

  test('/billing says when the plan renews, and once Stripe says it is cancelled, the day it ends', async ({
    assert,
    client,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const user = await createAccount('renewal@example.com')
    await setAccount(user, { stripeCustomerId: `cus_${user.id}` })
    const pro = await planBySlug('pro')
    const periodEnd = Date.UTC(2026, 11, 26, 23, 30) / 1000
    const state = {
      customer: `cus_${user.id}`,
      status: 'active',
      price: 'x',
      metadata: { userId: String(user.id), planId: String(pro.id) },
      currentPeriodEnd: periodEnd,
    }
    const account = async () => {
      const page = await client.get('/billing').loginAs(user).withInertia()
      const { renewsAt, endsAt } = page.inertiaProps.account as Record<string, string | null>
      return { renewsAt, endsAt }
    }

    stripe.setSubscription('sub_r', state)
    await deliverStripeEvent(
      subscriptionEvent('evt_r1', 'customer.subscription.created', user, 'sub_r')
    )
    assert.deepEqual(await account(), { renewsAt: '2026-12-26T23:30:00.000Z', endsAt: null })

    stripe.setSubscription('sub_r', { ...state, cancelAtPeriodEnd: true })
    await deliverStripeEvent(
      subscriptionEvent('evt_r2', 'customer.subscription.updated', user, 'sub_r')
    )
    assert.deepEqual(await account(), { renewsAt: null, endsAt: '2026-12-26T23:30:00.000Z' })

    // Stripe's portal may cancel on a date of its own: that is the day it ends.
    const cancelAt = Date.UTC(2026, 11, 1) / 1000
    stripe.setSubscription('sub_r', { ...state, cancelAt })
    await deliverStripeEvent(
      subscriptionEvent('evt_r3', 'customer.subscription.updated', user, 'sub_r')
    )
    assert.deepEqual(await account(), { renewsAt: null, endsAt: '2026-12-01T00:00:00.000Z' })

    stripe.setSubscription('sub_r', state)
    await deliverStripeEvent(
      subscriptionEvent('evt_r4', 'customer.subscription.updated', user, 'sub_r')
    )
    assert.deepEqual(await account(), { renewsAt: '2026-12-26T23:30:00.000Z', endsAt: null })

    stripe.setSubscription('sub_r', { ...state, status: 'canceled' })
    await deliverStripeEvent(
      subscriptionEvent('evt_r5', 'customer.subscription.deleted', user, 'sub_r')
    )
    assert.deepEqual(await account(), { renewsAt: null, endsAt: null })
  })

  test('a failed invoice is a failed payment and grants nothing, until the retried charge is paid', async ({
    assert,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const user = await createAccount('declined@example.com')
    await setAccount(user, { stripeCustomerId: `cus_${user.id}` })
    const pro = await planBySlug('pro')
    stripe.setSubscription('sub_2', {
      customer: `cus_${user.id}`,
      status: 'incomplete',
      price: 'x',
    })
    const failed = invoicePaid('in_2', user, 'sub_2', pro.id, 900)

    await deliverStripeEvent({ ...failed, id: 'evt_failed', type: 'invoice.payment_failed' })

    const payment = await Payment.findByOrFail('stripe_invoice_id', 'in_2')
    assert.deepEqual([payment.status, payment.amountCents], ['failed', 900])
    await user.refresh()
    assert.equal(await planOf(user), 'free')
    assert.equal(await assertBalanceIsLedger(assert, user), 10)

    // Stripe retries the card a few days later, and it goes through.
    stripe.setSubscription('sub_2', {
      customer: `cus_${user.id}`,
      status: 'active',
      price: 'x',
      metadata: { userId: String(user.id), planId: String(pro.id) },
    })
    await deliverStripeEvent({ ...failed, id: 'evt_retried' })

    await payment.refresh()
    assert.equal(payment.status, 'completed')
    await user.refresh()
    assert.equal(await planOf(user), 'pro')
    assert.equal(await assertBalanceIsLedger(assert, user), 1210)
  })
})

// Parallel deliveries need real transactions racing: no global transaction here.
test.group('Stripe webhooks: parallel deliveries', (group) => {
  const emails = ['parallel.payer@example.com']
  group.each.teardown(async () => {
    await db.from('stripe_events').where('id', 'like', 'evt_paid_%').delete()
    await db.from('users').whereIn('email', emails).delete()
  })

  test('20 parallel deliveries of one paid session credit once', async ({ assert, cleanup }) => {
    await useFakeStripe(cleanup)
    const user = await createAccount('parallel.payer@example.com')
    const { payment, event } = await paidPackSession(user, 30)

    const answers = await Promise.all(Array.from({ length: 20 }, () => deliverStripeEvent(event)))

    assert.isTrue(answers.every((answer) => answer.status === 200))
    assert.lengthOf(
      answers.filter((answer) => answer.body.result === 'processed'),
      1
    )
    const ledger = await ledgerOf(user)
    const purchases = ledger.filter((row) => row.reason === 'pack_purchase')
    assert.deepEqual(purchases, [
      {
        amount: 30,
        reason: 'pack_purchase',
        reference: paymentReference(payment.id),
        payment_id: payment.id,
      },
    ])
    assert.equal(await assertBalanceIsLedger(assert, user), 40)
  })
})
