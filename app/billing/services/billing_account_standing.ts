import db from '@adonisjs/lucid/services/db'
import { AccountStanding, type Standing } from '#auth/contracts/account_standing'

/**
 * Auth's view of an account's money: its billing row with its plan row's
 * brand limit, in one statement (every page's header asks it).
 */
export class BillingAccountStanding extends AccountStanding {
  async of(userId: number): Promise<Standing> {
    const row = await db
      .from('billing_accounts')
      .leftJoin('plans', 'plans.slug', 'billing_accounts.plan')
      .where('billing_accounts.user_id', userId)
      .select(
        'billing_accounts.credits',
        'billing_accounts.plan',
        'billing_accounts.stripe_customer_id',
        'billing_accounts.stripe_subscription_id',
        db.raw('coalesce(plans.brand_limit, 0) as brand_limit')
      )
      .firstOrFail()
    return {
      credits: row.credits,
      plan: row.plan,
      stripeCustomerId: row.stripe_customer_id,
      stripeSubscriptionId: row.stripe_subscription_id,
      brandLimit: row.brand_limit,
    }
  }
}
