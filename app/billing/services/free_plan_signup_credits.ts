import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#auth/models/user'
import { SignupCredits } from '#auth/contracts/signup_credits'
import { SIGNUP_REFERENCE } from '#billing/ledger_references'
import Plan from '#billing/models/plan'
import { CreditLedger } from '#billing/services/credit_ledger'

/**
 * A new account gets the free plan's credits: the one number every page's
 * signup copy shows.
 */
@inject()
export class FreePlanSignupCredits extends SignupCredits {
  constructor(private ledger: CreditLedger) {
    super()
  }

  async amount(trx?: TransactionClientContract) {
    const plan = await Plan.query({ client: trx }).where('slug', 'free').firstOrFail()
    return plan.credits
  }

  async grant(user: User, trx: TransactionClientContract) {
    const amount = await this.amount(trx)
    if (amount > 0) {
      await this.ledger.grant(
        { userId: user.id, amount, reason: 'signup', reference: SIGNUP_REFERENCE },
        trx
      )
    }
  }
}
