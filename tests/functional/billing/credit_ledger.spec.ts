import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { CreditLedger } from '#billing/services/credit_ledger'
import { createAccount } from '#tests/helpers/auth'
import { balanceOf } from '#tests/helpers/billing'

test.group('CreditLedger: grant and adjust', (group) => {
  const email = 'ledger.words@example.com'
  group.each.teardown(async () => {
    await db.from('users').where('email', email).delete()
  })

  test('grant only gives; adjust gives or takes, never below zero', async ({ assert }) => {
    const user = await createAccount(email)
    const ledger = await app.container.make(CreditLedger)
    const start = await balanceOf(user)

    await assert.rejects(
      () => ledger.grant({ userId: user.id, amount: -5, reason: 'admin_grant', reference: 'g' }),
      /positive number of credits/
    )
    assert.deepEqual(await ledger.adjust({ userId: user.id, amount: 5, reference: 'up' }), {
      status: 'applied',
      balance: start + 5,
    })
    assert.deepEqual(await ledger.adjust({ userId: user.id, amount: -3, reference: 'down' }), {
      status: 'applied',
      balance: start + 2,
    })
    assert.deepEqual(
      await ledger.adjust({ userId: user.id, amount: -(start + 3), reference: 'too-much' }),
      { status: 'insufficient_credits', balance: start + 2, missing: 1 }
    )

    const rows = await db
      .from('credit_ledger')
      .where('user_id', user.id)
      .whereIn('reference', ['g', 'up', 'down', 'too-much'])
      .orderBy('id')
      .select('amount', 'reason', 'reference')
    assert.deepEqual(rows, [
      { amount: 5, reason: 'admin_grant', reference: 'up' },
      { amount: -3, reason: 'admin_grant', reference: 'down' },
    ])
  })
})
