import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User, { type UserPlan } from '#auth/models/user'

/**
 * What billing may read and change on an account: its plan and its Stripe
 * ids. Auth owns the users table; billing asks here (inside its own
 * transaction when it passes one) and never writes the model itself.
 */
export class AccountBilling {
  /**
   * The account a payment event is about, by its Stripe customer or else
   * its id, locked until the transaction ends: one event per account at a time.
   */
  async lock(
    trx: TransactionClientContract,
    { userId, customerId }: { userId?: number | null; customerId?: string | null }
  ): Promise<User | null> {
    if (customerId) {
      const byCustomer = await User.query({ client: trx })
        .where('stripe_customer_id', customerId)
        .forUpdate()
        .first()
      if (byCustomer) return byCustomer
    }
    if (userId !== null && userId !== undefined) {
      return User.query({ client: trx }).where('id', userId).forUpdate().first()
    }
    return null
  }

  /** The account's customer in the payment gateway. */
  async linkCustomer(user: User, stripeCustomerId: string) {
    if (user.stripeCustomerId !== stripeCustomerId) {
      await user.merge({ stripeCustomerId }).save()
    }
  }

  /** The plan the account's subscription gives (free and no subscription once it has ended). */
  async setPlan(user: User, plan: UserPlan, stripeSubscriptionId: string | null) {
    await user.merge({ plan, stripeSubscriptionId }).save()
  }

  /**
   * The account's plan slug as a subquery, so a caller joins its own plan
   * row in one statement without naming the users table.
   */
  planOf(userId: number) {
    return db.from('users').where('id', userId).select('plan')
  }
}
