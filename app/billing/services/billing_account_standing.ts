import { AccountStanding, type Standing } from '#auth/contracts/account_standing'
import { BillingAccounts } from '#billing/services/billing_accounts'

/** Auth's view of an account's money, read from its billing row. */
export class BillingAccountStanding extends AccountStanding {
  async of(userId: number): Promise<Standing> {
    const { credits, plan, stripeCustomerId, stripeSubscriptionId } =
      await new BillingAccounts().of(userId)
    return { credits, plan, stripeCustomerId, stripeSubscriptionId }
  }
}
