import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#auth/models/user'
import type Plan from '#billing/models/plan'
import type Subscription from '#billing/models/subscription'

type BillingAccount = { user: User; plan: Plan | null; subscription: Subscription | null }

export default class BillingAccountTransformer extends BaseTransformer<BillingAccount> {
  /**
   * Current plan, credits and what the plan does to a render (the top of
   * /billing), and the subscription's next step: the day it renews, or the
   * day it ends once cancelled.
   */
  toObject() {
    const { user, plan, subscription } = this.resource
    const endsAt = subscription?.endsAt ?? null
    return {
      plan: user.plan,
      planName: plan?.name ?? user.plan,
      credits: user.credits,
      renderQuality: plan?.renderQuality ?? '720p',
      watermark: plan?.watermark ?? true,
      subscribed: user.stripeSubscriptionId !== null,
      renewsAt: endsAt ? null : (subscription?.currentPeriodEnd?.toUTC().toISO() ?? null),
      endsAt: endsAt?.toUTC().toISO() ?? null,
      stripeCustomerId: user.stripeCustomerId,
    }
  }
}
