import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import User from '#auth/models/user'
import Payment from '#billing/models/payment'
import type Plan from '#billing/models/plan'
import UniqueStripeLinks from '#database/migrations/1763800007420_unique_stripe_links'
import { createAccount } from '#tests/helpers/auth'
import { paidPackSession, planBySlug } from '#tests/helpers/billing'
import { deliverStripeEvent, useFakeStripe } from '#tests/helpers/fakes/fake_stripe'

/** Bob's paid pack session, as a signed event that names `customer` instead of his own. */
async function bobsSessionNaming(bob: User, customer: string, tag = 'paid') {
  const { event, payment } = await paidPackSession(bob, 150, { tag })
  await bob.merge({ stripeCustomerId: null }).save()
  return { payment, event: { ...event, data: { object: { ...event.data.object, customer } } } }
}

function invoicePaidFor(customer: string, claimedUser: User, plan: Plan) {
  return {
    id: 'evt_invoice_by_customer',
    type: 'invoice.paid',
    data: {
      object: {
        id: 'in_by_customer',
        object: 'invoice',
        customer,
        billing_reason: 'subscription_cycle',
        currency: 'usd',
        amount_due: 900,
        amount_paid: 900,
        parent: {
          subscription_details: {
            subscription: 'sub_by_customer',
            metadata: { userId: String(claimedUser.id), planId: String(plan.id) },
          },
        },
        lines: { object: 'list', data: [] },
      },
    },
  }
}

test.group('Stripe ids are links: one account per customer', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a signed event naming another account’s customer neither takes it nor shares it', async ({
    assert,
    cleanup,
  }) => {
    const stripe = await useFakeStripe(cleanup)
    const alice = await createAccount('alice.customer@example.com')
    await alice.merge({ stripeCustomerId: 'cus_alice' }).save()
    const bob = await createAccount('bob.customer@example.com')
    const pro = await planBySlug('pro')
    stripe.setSubscription('sub_by_customer', {
      customer: 'cus_alice',
      status: 'active',
      price: 'x',
    })
    const { event, payment } = await bobsSessionNaming(bob, 'cus_alice')

    const paid = await deliverStripeEvent(event)
    const invoice = await deliverStripeEvent(invoicePaidFor('cus_alice', bob, pro))

    assert.deepEqual([paid.status, paid.body.result], [200, 'processed'])
    await payment.refresh()
    assert.equal(payment.status, 'completed', 'Bob paid in his own session')
    await alice.refresh()
    await bob.refresh()
    assert.isNull(bob.stripeCustomerId)
    assert.equal(alice.stripeCustomerId, 'cus_alice')
    assert.deepEqual([invoice.status, invoice.body.result], [200, 'processed'])
    const invoicePayment = await Payment.findByOrFail('stripe_invoice_id', 'in_by_customer')
    assert.equal(
      invoicePayment.userId,
      alice.id,
      'the customer’s account, whatever the metadata says'
    )
  })

  test('two accounts racing to link one customer: exactly one gets it, and both events are handled', async ({
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const bob = await createAccount('bob.racer@example.com')
    const carol = await createAccount('carol.racer@example.com')
    const sessions = [
      await bobsSessionNaming(bob, 'cus_contested', 'race'),
      await bobsSessionNaming(carol, 'cus_contested', 'race'),
    ]

    const answers = await Promise.all(sessions.map(({ event }) => deliverStripeEvent(event)))

    assert.deepEqual(
      answers.map(({ status, body }) => [status, body.result]),
      [
        [200, 'processed'],
        [200, 'processed'],
      ]
    )
    const holders = await User.query().where('stripe_customer_id', 'cus_contested')
    assert.lengthOf(holders, 1)
    assert.include([bob.id, carol.id], holders[0].id)
  })

  test('the migration keeps a shared customer with the subscriber (else the oldest account) and a shared price with the oldest plan', async ({
    assert,
  }) => {
    await db.rawQuery('alter table users drop constraint users_stripe_customer_id_unique')
    await db.rawQuery('alter table plans drop constraint plans_stripe_price_id_unique')
    const older = await createAccount('older.shared@example.com')
    const subscriber = await createAccount('subscriber.shared@example.com')
    const other = await createAccount('other.shared@example.com')
    await older.merge({ stripeCustomerId: 'cus_shared' }).save()
    await subscriber.merge({ stripeCustomerId: 'cus_shared', stripeSubscriptionId: 'sub_1' }).save()
    await other.merge({ stripeCustomerId: 'cus_other' }).save()
    const [pro, agency] = [await planBySlug('pro'), await planBySlug('agency')]
    await pro.merge({ stripePriceId: 'price_shared' }).save()
    await agency.merge({ stripePriceId: 'price_shared' }).save()

    await new UniqueStripeLinks(db.connection(), 'unique_stripe_links', false).execUp()

    const customers = await User.query()
      .whereIn('id', [older.id, subscriber.id, other.id])
      .orderBy('id')
    assert.deepEqual(
      customers.map((user) => user.stripeCustomerId),
      [null, 'cus_shared', 'cus_other']
    )
    await pro.refresh()
    await agency.refresh()
    assert.equal(pro.stripePriceId, 'price_shared')
    assert.isNull(agency.stripePriceId)
    await assert.rejects(async () => {
      await db.from('users').where('id', older.id).update({ stripe_customer_id: 'cus_shared' })
    }, /users_stripe_customer_id_unique/)
  })
})
