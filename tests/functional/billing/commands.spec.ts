import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import { SeedCatalogue } from '#billing/actions/seed_catalogue'
import { StartCheckout } from '#billing/actions/start_checkout'
import Payment from '#billing/models/payment'
import { LocalCheckout } from '#billing/services/local_checkout'
import { createAccount } from '#tests/helpers/auth'
import { runAce } from '#tests/helpers/ace'

async function catalogue() {
  return {
    plans: await db
      .from('plans')
      .orderBy('id')
      .select(
        'id',
        'slug',
        'name',
        'price_cents',
        'interval',
        'credits',
        'features',
        'render_quality',
        'watermark',
        'sort_order'
      ),
    packs: await db
      .from('credit_packs')
      .orderBy('id')
      .select('id', 'credits', 'price_cents', 'sort_order', 'is_active'),
  }
}

async function ledgerOf(userId: number) {
  return db
    .from('credit_ledger')
    .where('user_id', userId)
    .orderBy('id')
    .select('amount', 'reason', 'note', 'balance_after')
}

async function balanceOf(userId: number) {
  const account = await db.from('billing_accounts').where('user_id', userId).firstOrFail()
  const [{ total }] = await db.from('credit_ledger').where('user_id', userId).sum('amount as total')
  return { credits: account.credits as number, ledger: Number(total) }
}

// The commands run as their own processes, which see only committed rows: no global transaction.
test.group('plans:seed', (group) => {
  group.each.teardown(async () => {
    await new SeedCatalogue().handle()
  })

  test('run twice, it leaves the same rows: the seeded plan catalogue and three packs', async ({
    assert,
  }) => {
    const first = await runAce(['plans:seed'])
    const afterFirst = await catalogue()
    const second = await runAce(['plans:seed'])

    assert.equal(first.code, 0, first.output)
    assert.equal(second.code, 0, second.output)
    assert.include(second.output, '0 created, 0 updated, 6 unchanged')
    assert.deepEqual(await catalogue(), afterFirst)
    assert.deepEqual(
      afterFirst.plans.map((plan) => [
        plan.slug,
        plan.price_cents,
        plan.credits,
        plan.render_quality,
        plan.watermark,
      ]),
      [
        ['free', 0, 10, '720p', true],
        ['pro', 900, 1200, '1080p', false],
        ['agency', 2900, 6000, '2160p', false],
      ]
    )
    assert.deepEqual(
      afterFirst.packs.map((pack) => [pack.credits, pack.price_cents, pack.is_active]),
      [
        [30, 300, true],
        [150, 1200, true],
        [600, 3900, true],
      ]
    )
  })

  test('it puts an edited plan back; with --only-missing it keeps the edit', async ({ assert }) => {
    await db.from('plans').where('slug', 'pro').update({ credits: 999 })

    const kept = await runAce(['plans:seed', '--only-missing'])
    assert.equal(kept.code, 0, kept.output)
    const edited = await db.from('plans').where('slug', 'pro').first()
    assert.equal(edited.credits, 999)

    const restored = await runAce(['plans:seed'])
    assert.equal(restored.code, 0, restored.output)
    assert.include(restored.output, '1 updated')
    const seeded = await db.from('plans').where('slug', 'pro').first()
    assert.equal(seeded.credits, 1200)
  })
})

test.group('credits:grant', (group) => {
  const emails = ['grant.me@example.com']
  group.each.teardown(async () => {
    await db.from('users').whereIn('email', emails).delete()
  })

  test('grants through the ledger with the reason, and prints the new balance', async ({
    assert,
  }) => {
    const user = await createAccount('grant.me@example.com')

    const granted = await runAce([
      'credits:grant',
      'Grant.Me@example.com',
      '25',
      '--reason=support ticket 42',
    ])
    const taken = await runAce(['credits:grant', 'grant.me@example.com', '--', '-5'])

    assert.equal(granted.code, 0, granted.output)
    assert.include(granted.output, 'grant.me@example.com now has 35 credits')
    assert.equal(taken.code, 0, taken.output)
    assert.include(taken.output, 'grant.me@example.com now has 30 credits')
    assert.deepEqual(await ledgerOf(user.id), [
      { amount: 10, reason: 'signup', note: null, balance_after: 10 },
      { amount: 25, reason: 'admin_grant', note: 'support ticket 42', balance_after: 35 },
      { amount: -5, reason: 'admin_grant', note: null, balance_after: 30 },
    ])
    assert.deepEqual(await balanceOf(user.id), { credits: 30, ledger: 30 })
  })

  test('refuses {$self} and changes nothing')
    .with(['an unknown email', 'a result below zero', 'a fractional amount', 'zero'] as const)
    .run(async ({ assert }, refusal) => {
      const user = await createAccount('grant.me@example.com')
      const args = {
        'an unknown email': ['nobody@example.com', '5'],
        'a result below zero': ['grant.me@example.com', '--', '-11'],
        'a fractional amount': ['grant.me@example.com', '1.5'],
        'zero': ['grant.me@example.com', '0'],
      }[refusal]
      const expected = {
        'an unknown email': 'No account with the email nobody@example.com.',
        'a result below zero':
          'grant.me@example.com has 10 credits: taking 11 would leave fewer than zero.',
        'a fractional amount': 'The amount must be a whole number of credits.',
        'zero': 'The amount must not be zero.',
      }[refusal]

      const result = await runAce(['credits:grant', ...args])

      assert.equal(result.code, 1, result.output)
      assert.include(result.output, expected)
      assert.deepEqual(await balanceOf(user.id), { credits: 10, ledger: 10 })
      assert.lengthOf(await ledgerOf(user.id), 1)
    })
})

/** A paid test-checkout pack of 150 credits for $12: the account holds 160 credits. */
async function paidTwelveDollarPack(email: string) {
  const user = await createAccount(email)
  const checkout = await app.container.make(StartCheckout)
  const started = await checkout.handle(
    user,
    { credits: 150, amount: 12 },
    { success: '/billing', cancel: '/billing' }
  )
  const sessionId = (started as { url: string }).url.split('/').pop()!
  const local = await app.container.make(LocalCheckout)
  const paid = await local.pay(sessionId, user.id)
  if (paid.status !== 'paid') throw new Error(`the pack was not paid: ${paid.status}`)
  return { user, payment: await Payment.findByOrFail('user_id', user.id) }
}

test.group('billing:refund', (group) => {
  const emails = ['refund.me@example.com', 'refund.race@example.com', 'refund.odd@example.com']
  group.each.teardown(async () => {
    await db.from('users').whereIn('email', emails).delete()
    await db.from('stripe_events').where('id', 'like', 'evt_local_%').delete()
  })

  test('refunds a test-checkout pack in part, then the rest, taking its credits back; then refuses', async ({
    assert,
  }) => {
    const { user, payment } = await paidTwelveDollarPack('refund.me@example.com')

    const part = await runAce(['billing:refund', String(payment.id), '--amount=6'])
    const rest = await runAce(['billing:refund', String(payment.id)])
    const more = await runAce(['billing:refund', String(payment.id)])

    assert.equal(part.code, 0, part.output)
    assert.include(
      part.output,
      `Refunded $6.00 of payment ${payment.id} ($6.00 of $12.00 refunded in all); the account now has 85 credits`
    )
    assert.equal(rest.code, 0, rest.output)
    assert.include(
      rest.output,
      `Refunded $6.00 of payment ${payment.id} ($12.00 of $12.00 refunded in all); the account now has 10 credits`
    )
    assert.equal(more.code, 1)
    assert.include(more.output, 'with money left to refund')
    assert.deepEqual(await balanceOf(user.id), { credits: 10, ledger: 10 })
  })

  test('three parallel refunds of $5 from $12: two are made, the third says what is left; money and credits agree', async ({
    assert,
  }) => {
    const { user, payment } = await paidTwelveDollarPack('refund.race@example.com')

    const runs = await Promise.all(
      [1, 2, 3].map(() => runAce(['billing:refund', String(payment.id), '--amount=5']))
    )

    const made = runs.filter((run) => run.code === 0)
    const refused = runs.filter((run) => run.code !== 0)
    assert.lengthOf(made, 2, runs.map((run) => run.output).join('\n'))
    for (const run of made) assert.include(run.output, `Refunded $5.00 of payment ${payment.id}`)
    assert.lengthOf(refused, 1)
    assert.include(
      refused[0].output,
      `Only $2.00 of payment ${payment.id} is left to refund; nothing was refunded.`
    )
    await payment.refresh()
    assert.equal(payment.refundedCents, 1000)
    // 150 credits for $12: $10 back takes 125 of them.
    assert.deepEqual(await balanceOf(user.id), { credits: 35, ledger: 35 })
  })

  test('amounts print as money, and one that is not above zero is refused as such', async ({
    assert,
  }) => {
    const { payment } = await paidTwelveDollarPack('refund.odd@example.com')

    const [negative, zero, cents] = await Promise.all(
      ['-1', '0', '1.5'].map((amount) =>
        runAce(['billing:refund', String(payment.id), `--amount=${amount}`])
      )
    )

    for (const run of [negative, zero]) {
      assert.equal(run.code, 1, run.output)
      assert.include(run.output, 'The amount to refund must be more than $0.00')
    }
    assert.equal(cents.code, 0, cents.output)
    assert.include(cents.output, '($1.50 of $12.00 refunded in all)')
    await payment.refresh()
    assert.equal(payment.refundedCents, 150)
  })
})
