import type BillingAccount from '#billing/models/billing_account'
import Subscription from '#billing/models/subscription'

export class CurrentSubscription {
  /** The subscription the account is on, as the payment events last read it; null on Free. */
  async of(account: Pick<BillingAccount, 'stripeSubscriptionId'>) {
    if (account.stripeSubscriptionId === null) return null
    return Subscription.find(account.stripeSubscriptionId)
  }
}
