import { BaseTransformer } from '@adonisjs/core/transformers'
import type BillingAccount from '#billing/models/billing_account'
import type Plan from '#billing/models/plan'
import type Subscription from '#billing/models/subscription'

type AccountSummary = {
  account: BillingAccount
  plan: Plan | null
  subscription: Subscription | null
}

export default class BillingAccountTransformer extends BaseTransformer<AccountSummary> {
  /**
   * Current plan, credits and what the plan does to a render (the top of
   * /billing), and the subscription's next step: the day it renews, or the
   * day it ends once cancelled.
   */
  toObject() {
    const { account, plan, subscription } = this.resource
    const endsAt = subscription?.endsAt ?? null
    return {
      plan: account.plan,
      planName: plan?.name ?? account.plan,
      credits: account.credits,
      renderQuality: plan?.renderQuality ?? '720p',
      watermark: plan?.watermark ?? true,
      subscribed: account.stripeSubscriptionId !== null,
      renewsAt: endsAt ? null : (subscription?.currentPeriodEnd?.toUTC().toISO() ?? null),
      endsAt: endsAt?.toUTC().toISO() ?? null,
      stripeCustomerId: account.stripeCustomerId,
    }
  }
}
