import { test } from '@japa/runner'
import pg from 'pg'
import { postgresConnection } from '#config/database'
import User from '#auth/models/user'
import Payment from '#billing/models/payment'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { assertBalanceIsLedger, ledgerOf, packWith, setAccount } from '#tests/helpers/billing'
import { deliverStripeEvent, useFakeStripe } from '#tests/helpers/fakes/fake_stripe'
import { createProject, generateAll } from '#tests/helpers/studio'
import { until } from '#tests/helpers/wait'
import { runCreditsReference } from '#studio/render/run_ids'
import { paymentReference } from '#billing/ledger_references'

/** Ids Stripe would make unique, unique per run too. */
const runId = Date.now()
const DATABASE = 'database' in postgresConnection ? postgresConnection.database : ''

/**
 * Terminates every connection to this run's test database (the web
 * process's pool and the queue backend's), from a connection of its own in
 * the `postgres` database; returns how many it ended.
 */
async function killConnections() {
  const killer = new pg.Client({ ...postgresConnection, database: 'postgres' })
  await killer.connect()
  try {
    const result = await killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [DATABASE]
    )
    return result.rowCount ?? 0
  } finally {
    await killer.end()
  }
}

/** A pending pack payment and the event Stripe sends once it is paid. */
async function paidPackSession(user: User) {
  const pack = await packWith(150)
  await setAccount(user, { stripeCustomerId: `cus_${user.id}` })
  const payment = await Payment.create({
    userId: user.id,
    kind: 'pack',
    status: 'pending',
    amountCents: pack.priceCents,
    currency: 'usd',
    credits: pack.credits,
    creditPackId: pack.id,
    couponId: null,
    stripeCheckoutSessionId: `cs_faults_${user.id}_${runId}`,
  })
  const event = {
    id: `evt_faults_${user.id}_${runId}`,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_faults_${user.id}_${runId}`,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        customer: `cus_${user.id}`,
        client_reference_id: String(user.id),
        amount_total: pack.priceCents,
        metadata: { userId: String(user.id), paymentId: String(payment.id) },
      },
    },
  }
  return { payment, event }
}

test.group('Faults: PostgreSQL connections killed under load', () => {
  test('the app answers again without a restart; no charge or payment is lost or doubled', async ({
    client,
    assert,
    cleanup,
  }) => {
    await useFakeStripe(cleanup)
    const user = await createAccount('faults.postgres@example.com')
    cleanup(async () => {
      await User.query().where('id', user.id).delete()
    })
    // With the signup grant of 10: exactly the two renders' 20 credits.
    await grantCredits(user, 10)
    const projects = [await createProject(user, 2), await createProject(user, 2)]
    const { payment, event } = await paidPackSession(user)
    const warm = await client.get('/api/my-videos').loginAs(user)
    warm.assertStatus(200)

    assert.isAbove(await killConnections(), 0)
    const load = Promise.all([
      ...projects.map((project) => generateAll(client, user, project.id)),
      client.get('/api/my-videos').loginAs(user),
      deliverStripeEvent(event),
    ])
    const killedUnderLoad = await killConnections()
    const answers = await load
    const statuses = answers.map((answer) =>
      typeof answer.status === 'number' ? answer.status : answer.status()
    )
    assert.isTrue(
      statuses.every((status) => status < 500 || status === 503),
      `answers while connections were killed (${killedUnderLoad}): ${statuses.join(', ')}`
    )

    await until(
      async () => {
        const health = await client.get('/health')
        return health.status() === 200
      },
      10_000,
      'health 200'
    )
    const videos = await client.get('/api/my-videos').loginAs(user)
    videos.assertStatus(200)
    // What a client and Stripe do with a refused request: send it again.
    for (const project of projects) {
      const again = await generateAll(client, user, project.id)
      assert.oneOf(again.status(), [200, 202])
    }
    const redelivered = await deliverStripeEvent(event)
    assert.equal(redelivered.status, 200)

    const ledger = await ledgerOf(user)
    assert.sameDeepMembers(
      ledger.filter((row) => row.reason !== 'signup' && row.reason !== 'admin_grant'),
      [
        ...projects.map((project) => ({
          amount: -10,
          reason: 'video_charge',
          reference: runCreditsReference(project.id, 1),
          payment_id: null,
        })),
        {
          amount: 150,
          reason: 'pack_purchase',
          reference: paymentReference(payment.id),
          payment_id: payment.id,
        },
      ]
    )
    await payment.refresh()
    assert.equal(payment.status, 'completed')
    assert.equal(await assertBalanceIsLedger(assert, user), 150)
  })
    .tags(['@faults'])
    .timeout(60_000)
})
