import type User from '#auth/models/user'
import Subscription from '#billing/models/subscription'

export class CurrentSubscription {
  /** The subscription the account is on, as the payment events last read it; null on Free. */
  async of(user: Pick<User, 'stripeSubscriptionId'>) {
    if (user.stripeSubscriptionId === null) return null
    return Subscription.find(user.stripeSubscriptionId)
  }
}
