import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User, { type UserPlan } from '#auth/models/user'

/**
 * What billing may read and change on an account: its plan and its Stripe
 * ids. Auth owns the users table; billing asks here (inside its own
 * transaction when it passes one) and never writes the model itself.
 */
export class AccountBilling {
  /**
   * The account a payment event is about, by its Stripe customer (one
   * account per customer: a unique column) or else its id, locked until the
   * transaction ends: one event per account at a time.
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

  /**
   * Links the account to its customer in the payment gateway, unless another
   * account holds that customer: a signed event naming someone else's
   * customer never takes it over or shares it (docs/billing.md, Stripe ids
   * are links). Serialised per customer, in the caller's transaction when
   * the account was read in one.
   */
  async linkCustomer(user: User, stripeCustomerId: string): Promise<'linked' | 'held_by_another'> {
    if (user.stripeCustomerId === stripeCustomerId) return 'linked'
    const link = async (trx: TransactionClientContract) => {
      await trx.rawQuery('select pg_advisory_xact_lock(hashtext(?))', [
        `stripe-customer:${stripeCustomerId}`,
      ])
      const updated = await trx
        .from('users')
        .where('id', user.id)
        .whereNotExists((holder) =>
          holder
            .from('users as holder')
            .where('holder.stripe_customer_id', stripeCustomerId)
            .whereNot('holder.id', user.id)
        )
        .update({ stripe_customer_id: stripeCustomerId, updated_at: new Date() }, ['id'])
      return updated.length > 0
    }
    const linked = user.$trx ? await link(user.$trx) : await db.transaction(link)
    if (!linked) {
      logger.warn({ user: user.id }, 'stripe customer not linked: another account holds it')
      return 'held_by_another'
    }
    await user.refresh()
    return 'linked'
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
