import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type User from '#auth/models/user'
import Payment from '#billing/models/payment'
import { StartCheckout } from '#billing/actions/start_checkout'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { localCustomerId } from '#billing/gateway/local_gateway'
import { createAccount } from '#tests/helpers/auth'
import {
  assertBalanceIsLedger,
  createCoupon,
  ledgerOf,
  packWith,
  planBySlug,
  planOf,
  watchHealth,
} from '#tests/helpers/billing'
import { deliverStripeEvent } from '#tests/helpers/fakes/fake_stripe'

/*
 * Money under load: real transactions racing on the real pool (10
 * connections), so no global transaction here; each test removes what it made.
 */

const DOMAIN = 'load.reelforge.test'

async function accounts(count: number, prefix: string) {
  const users: User[] = []
  for (let index = 0; index < count; index++) {
    users.push(await createAccount(`${prefix}.${index}@${DOMAIN}`))
  }
  return users
}

async function openCheckout(user: User, input: Parameters<StartCheckout['handle']>[1]) {
  const checkout = await app.container.make(StartCheckout)
  const result = await checkout.handle(user, input, {
    success: '/billing?checkout=success',
    cancel: '/billing?checkout=cancelled',
  })
  if (result.status !== 'created') throw new Error(`checkout not created: ${result.status}`)
  return result.url
}

test.group('Money under load', (group) => {
  group.tap((t) => t.timeout(180_000))
  group.each.teardown(async () => {
    await db.from('users').where('email', 'like', `%@${DOMAIN}`).delete()
    await db.from('coupons').where('code', 'like', 'LOAD%').delete()
    await db.from('stripe_events').where('id', 'like', 'evt_local_%').delete()
    await db.from('stripe_events').where('id', 'like', 'evt_load_%').delete()
  })

  test('100 parallel Pays on the test checkout all complete once, and /health answers throughout', async ({
    client,
    assert,
  }) => {
    const pro = await planBySlug('pro')
    const users = await accounts(100, 'payer')
    const urls: string[] = []
    for (const [index, user] of users.entries()) {
      // Half subscribe (the gateway is read while the event is handled), half buy a pack.
      urls.push(
        await openCheckout(
          user,
          index % 2 === 0 ? { planId: pro.id, priceId: null } : { credits: 150, amount: 12 }
        )
      )
    }

    const health = watchHealth()
    const answers = await Promise.all(
      users.map((user, index) =>
        client.post(`${urls[index]}/pay`).loginAs(user).withCsrfToken().redirects(0)
      )
    )
    const seen = await health()

    assert.deepEqual(
      answers.map((answer) => [answer.status(), answer.header('location')]),
      answers.map(() => [302, '/billing?checkout=success'])
    )
    assert.deepEqual(seen.statuses, [200], `/health answered ${seen.statuses}`)
    const payments = await Payment.query().whereIn(
      'user_id',
      users.map((user) => user.id)
    )
    assert.lengthOf(payments, 100)
    assert.isTrue(payments.every((payment) => payment.status === 'completed'))
    for (const [index, user] of users.entries()) {
      const ledger = await ledgerOf(user)
      const expected = index % 2 === 0 ? ['plan_grant', 1200] : ['pack_purchase', 150]
      assert.deepEqual(
        ledger.map((row) => [row.reason, row.amount]),
        [['signup', 10], expected]
      )
      await assertBalanceIsLedger(assert, user)
      assert.equal(await planOf(user), index % 2 === 0 ? 'pro' : 'free')
    }
  })

  test('100 parallel signed invoice.paid events each grant once, and /health answers throughout', async ({
    assert,
  }) => {
    const pro = await planBySlug('pro')
    const users = await accounts(100, 'renewal')
    const gateway = await app.container.make(PaymentGateway)
    const events = []
    for (const user of users) {
      const subscription = `sub_local_load${user.id}`
      const metadata = { userId: String(user.id), planId: String(pro.id) }
      await db.table('local_subscriptions').insert({
        id: subscription,
        user_id: user.id,
        plan_id: pro.id,
        status: 'active',
        current_period_end: new Date(Date.now() + 30 * 24 * 3600 * 1000),
        metadata: JSON.stringify(metadata),
      })
      events.push({
        id: `evt_load_${user.id}`,
        type: 'invoice.paid',
        data: {
          object: {
            id: `in_load_${user.id}`,
            object: 'invoice',
            customer: localCustomerId(user.id),
            billing_reason: 'subscription_cycle',
            currency: 'usd',
            amount_due: 900,
            amount_paid: 900,
            parent: { subscription_details: { subscription, metadata } },
            lines: { object: 'list', data: [] },
          },
        },
      })
    }

    const health = watchHealth()
    const answers = await Promise.all(
      events.map((event) => deliverStripeEvent(event, gateway.webhookSecret))
    )
    const seen = await health()

    assert.deepEqual(
      answers.map((answer) => [answer.status, answer.body.result]),
      answers.map(() => [200, 'processed'])
    )
    assert.deepEqual(seen.statuses, [200], `/health answered ${seen.statuses}`)
    for (const user of users) {
      await user.refresh()
      assert.equal(await planOf(user), 'pro')
      assert.equal(await assertBalanceIsLedger(assert, user), 1210)
    }
  })

  test('a one-use coupon on 20 sessions opened first, paid in a race: one payment uses it, 19 are refused and charged nothing', async ({
    client,
    assert,
  }) => {
    const coupon = await createCoupon({ code: 'LOADONCE', discountValue: 50, usageLimit: 1 })
    const users = await accounts(20, 'coupon')
    const urls: string[] = []
    for (const user of users) {
      urls.push(await openCheckout(user, { credits: 150, amount: 12, couponCode: 'LOADONCE' }))
    }

    const answers = await Promise.all(
      users.map((user, index) =>
        client.post(`${urls[index]}/pay`).loginAs(user).withCsrfToken().redirects(0)
      )
    )

    const succeeded = answers.filter(
      (answer) => answer.header('location') === '/billing?checkout=success'
    )
    assert.lengthOf(succeeded, 1)
    await coupon.refresh()
    assert.equal(coupon.usageCount, 1)
    const payments = await Payment.query()
      .whereIn(
        'user_id',
        users.map((user) => user.id)
      )
      .orderBy('id')
    assert.deepEqual(payments.map((payment) => payment.status).sort(), [
      'completed',
      ...Array(19).fill('failed'),
    ])
    for (const payment of payments.filter((row) => row.status === 'failed')) {
      assert.equal(payment.failureReason, 'The coupon had no uses left when the payment was made.')
    }
    const credited = []
    for (const user of users) credited.push(await assertBalanceIsLedger(assert, user))
    assert.deepEqual(credited.sort(), [...Array(19).fill(10), 160])

    const refused = answers.find((answer) => answer.header('location') === '/billing')!
    assert.equal(
      refused.flashMessages().error,
      'The coupon has no uses left, so nothing was charged. Start a new checkout without it.'
    )
  })
})

test.group('Money under load: a signed event delivered again after a failure', (group) => {
  group.each.teardown(async () => {
    await db.from('users').where('email', 'like', `%@${DOMAIN}`).delete()
    await db.from('stripe_events').where('id', 'like', 'evt_local_%').delete()
  })

  test('Pay again after the events failed half-way delivers them again: the payment completes once', async ({
    client,
    assert,
    cleanup,
  }) => {
    const [user] = await accounts(1, 'retry')
    const url = await openCheckout(user, { credits: 150, amount: 12 })
    const pack = await packWith(150)
    // A fault in the database while the events are handled: the ledger refuses one write.
    await db.rawQuery(`create table load_fault (armed boolean)`)
    await db.rawQuery(
      `create function load_fault() returns trigger language plpgsql as $$
       begin
         if exists (select 1 from load_fault) then raise exception 'injected ledger fault'; end if;
         return new;
       end $$`
    )
    await db.rawQuery(
      `create trigger load_fault before insert on credit_ledger
       for each row execute function load_fault()`
    )
    cleanup(async () => {
      await db.rawQuery('drop trigger if exists load_fault on credit_ledger')
      await db.rawQuery('drop function if exists load_fault()')
      await db.rawQuery('drop table if exists load_fault')
    })
    await db.table('load_fault').insert({ armed: true })
    const first = await client.post(`${url}/pay`).loginAs(user).withCsrfToken().redirects(0)
    await db.from('load_fault').delete()

    assert.equal(first.header('location'), url)
    assert.equal(
      first.flashMessages().error,
      'The payment could not be completed just now. Press Pay again.'
    )
    const pending = await Payment.findByOrFail('user_id', user.id)
    assert.equal(pending.status, 'pending')

    const again = await client.post(`${url}/pay`).loginAs(user).withCsrfToken().redirects(0)

    assert.equal(again.header('location'), '/billing?checkout=success')
    await pending.refresh()
    assert.equal(pending.status, 'completed')
    assert.equal(await assertBalanceIsLedger(assert, user), 10 + pack.credits)
  })
})
