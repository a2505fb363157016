import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import factory from '@adonisjs/lucid/factories'
import User from '#auth/models/user'
import BillingAccount from '#billing/models/billing_account'
import type { PlanSlug } from '#billing/plan_catalogue'
import { CreditLedger } from '#billing/services/credit_ledger'

/** What a factory user's billing account opens with: 10 credits on Free unless a state says. */
type Opening = { credits: number; plan: PlanSlug }

const openings = new WeakMap<User, Opening>()

function openingOf(user: User) {
  const opening = openings.get(user) ?? { credits: 10, plan: 'free' }
  openings.set(user, opening)
  return opening
}

/** Another opening balance for a factory user: `UserFactory.tap(opensWith(120)).create()`. */
export function opensWith(credits: number) {
  return (user: User) => {
    openingOf(user).credits = credits
  }
}

/**
 * A user on a plan with a balance, e.g. `UserFactory.apply('pro').create()`.
 * The billing account opens with the user's row; the plan is set on it and
 * the credits arrive through the ledger (a `signup` grant), so balance = Σ
 * ledger holds for factory users as for real ones. An account made the way
 * a visitor makes one (sign-in, signup grant) is `createAccount` in
 * tests/helpers/auth.ts.
 */
export const UserFactory = factory
  .define(User, () => ({
    email: `user-${randomUUID()}@example.com`,
    username: null,
    language: 'english',
    defaultStyle: 'cinematic',
  }))
  .state('pro', (user) => {
    openingOf(user).plan = 'pro'
  })
  .state('agency', (user) => {
    openingOf(user).plan = 'agency'
  })
  .state('broke', (user) => {
    openingOf(user).credits = 0
  })
  .after('create', async (_, user, { $trx }) => {
    const { credits, plan } = openingOf(user)
    if (plan !== 'free') {
      await BillingAccount.query({ client: $trx }).where('user_id', user.id).update({ plan })
    }
    if (credits <= 0) return
    const ledger = await app.container.make(CreditLedger)
    await ledger.grant(
      { userId: user.id, amount: credits, reason: 'signup', reference: `signup:${user.id}` },
      $trx
    )
  })
  .build()
