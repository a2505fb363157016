import { AccountStanding, type Standing } from '#auth/contracts/account_standing'
import { BillingAccounts } from '#billing/services/billing_accounts'
import { PlanEffects } from '#billing/queries/plan_effects'

/** Auth's view of an account's money, read from its billing row and its plan's. */
export class BillingAccountStanding extends AccountStanding {
  async of(userId: number): Promise<Standing> {
    const [{ credits, plan, stripeCustomerId, stripeSubscriptionId }, brandLimit] =
      await Promise.all([new BillingAccounts().of(userId), new PlanEffects().brandLimit(userId)])
    return { credits, plan, stripeCustomerId, stripeSubscriptionId, brandLimit }
  }
}
