import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import factory from '@adonisjs/lucid/factories'
import User from '#auth/models/user'
import { CreditLedger } from '#billing/services/credit_ledger'

/** The balance each row asked for, held back until its ledger row writes it. */
const openingBalances = new WeakMap<User, number>()

/**
 * A user on a plan with a balance, e.g.
 * `UserFactory.apply('pro').merge({ credits: 120 }).create()`.
 * Credits arrive through the ledger (a `signup` grant), so balance = Σ
 * ledger holds for factory users as for real ones. An account made the way
 * a visitor makes one (sign-in, signup grant) is `createAccount` in
 * tests/helpers/auth.ts.
 */
export const UserFactory = factory
  .define(User, () => ({
    email: `user-${randomUUID()}@example.com`,
    username: null,
    credits: 10,
    plan: 'free' as const,
    language: 'english',
    defaultStyle: 'cinematic',
  }))
  .state('pro', (user) => {
    user.plan = 'pro'
  })
  .state('agency', (user) => {
    user.plan = 'agency'
  })
  .state('broke', (user) => {
    user.credits = 0
  })
  .before('create', (_, user) => {
    openingBalances.set(user, user.credits)
    user.credits = 0
  })
  .after('create', async (_, user, { $trx }) => {
    const amount = openingBalances.get(user) ?? 0
    if (amount <= 0) return
    const ledger = await app.container.make(CreditLedger)
    await ledger.grant(
      { userId: user.id, amount, reason: 'signup', reference: `signup:${user.id}` },
      $trx
    )
    await user.refresh()
  })
  .build()
