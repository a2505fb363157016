import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#auth/models/user'
import BillingAccount from '#billing/models/billing_account'
import Payment from '#billing/models/payment'
import type Plan from '#billing/models/plan'
import { createAccount } from '#tests/helpers/auth'
import { accountValue, paidPackSession, planBySlug, setAccount } from '#tests/helpers/billing'
import { deliverStripeEvent, useFakeStripe } from '#tests/helpers/fakes/fake_stripe'

/** Bob's paid pack session, as a signed event that names `customer` instead of his own. */
async function bobsSessionNaming(bob: User, customer: string, tag = 'paid') {
  const { event, payment } = await paidPackSession(bob, 150, { tag })
  await setAccount(bob, { stripeCustomerId: null })
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
    await setAccount(alice, { stripeCustomerId: 'cus_alice' })
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
    assert.isNull(await accountValue(bob, 'stripeCustomerId'))
    assert.equal(await accountValue(alice, 'stripeCustomerId'), 'cus_alice')
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
    const holders = await BillingAccount.query().where('stripe_customer_id', 'cus_contested')
    assert.lengthOf(holders, 1)
    assert.include([bob.id, carol.id], holders[0].userId)
  })

  test('one account per Stripe customer: the billing table refuses a second', async ({
    assert,
  }) => {
    const first = await createAccount('first.customer@example.com')
    const second = await createAccount('second.customer@example.com')
    await setAccount(first, { stripeCustomerId: 'cus_shared' })
    await assert.rejects(async () => {
      await setAccount(second, { stripeCustomerId: 'cus_shared' })
    }, /billing_accounts_stripe_customer_id_unique/)
  })
})
