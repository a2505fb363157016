import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import BillingAccount from '#billing/models/billing_account'
import type { PlanSlug } from '#billing/plan_catalogue'

/**
 * An account's billing row: its plan and its Stripe links, read and changed
 * here only (the balance is the credit ledger's, `CreditBalances`).
 */
export class BillingAccounts {
  /** The account of a user (every user has one, opened with the user's row). */
  of(userId: number, client?: TransactionClientContract) {
    return BillingAccount.query({ client }).where('user_id', userId).firstOrFail()
  }

  /**
   * The account a payment event is about, by its Stripe customer (one
   * account per customer: a unique column) or else its user, locked until
   * the transaction ends: one event per account at a time.
   */
  async lock(
    trx: TransactionClientContract,
    { userId, customerId }: { userId?: number | null; customerId?: string | null }
  ): Promise<BillingAccount | null> {
    if (customerId) {
      const byCustomer = await BillingAccount.query({ client: trx })
        .where('stripe_customer_id', customerId)
        .forUpdate()
        .first()
      if (byCustomer) return byCustomer
    }
    if (userId !== null && userId !== undefined) {
      return BillingAccount.query({ client: trx }).where('user_id', userId).forUpdate().first()
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
  async linkCustomer(
    account: BillingAccount,
    stripeCustomerId: string
  ): Promise<'linked' | 'held_by_another'> {
    if (account.stripeCustomerId === stripeCustomerId) return 'linked'
    const link = async (trx: TransactionClientContract) => {
      await trx.rawQuery('select pg_advisory_xact_lock(hashtext(?))', [
        `stripe-customer:${stripeCustomerId}`,
      ])
      const updated = await trx
        .from('billing_accounts')
        .where('user_id', account.userId)
        .whereNotExists((holder) =>
          holder
            .from('billing_accounts as holder')
            .where('holder.stripe_customer_id', stripeCustomerId)
            .whereNot('holder.user_id', account.userId)
        )
        .update({ stripe_customer_id: stripeCustomerId, updated_at: new Date() }, ['user_id'])
      return updated.length > 0
    }
    const linked = account.$trx ? await link(account.$trx) : await db.transaction(link)
    if (!linked) {
      logger.warn({ user: account.userId }, 'stripe customer not linked: another account holds it')
      return 'held_by_another'
    }
    await account.refresh()
    return 'linked'
  }

  /** The plan the account's subscription gives (free and no subscription once it has ended). */
  async setPlan(account: BillingAccount, plan: PlanSlug, stripeSubscriptionId: string | null) {
    await account.merge({ plan, stripeSubscriptionId }).save()
  }

  /**
   * The account's plan slug as a subquery, so a caller joins its own plan
   * row in one statement.
   */
  planOf(userId: number) {
    return db.from('billing_accounts').where('user_id', userId).select('plan')
  }
}
