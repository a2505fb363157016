import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#auth/models/user'
import type Plan from '#billing/models/plan'

type BillingAccount = { user: User; plan: Plan | null }

export default class BillingAccountTransformer extends BaseTransformer<BillingAccount> {
  /** Current plan, credits and what the plan does to a render (the top of /billing). */
  toObject() {
    const { user, plan } = this.resource
    return {
      plan: user.plan,
      planName: plan?.name ?? user.plan,
      credits: user.credits,
      renderQuality: plan?.renderQuality ?? '720p',
      watermark: plan?.watermark ?? true,
      subscribed: user.stripeSubscriptionId !== null,
      stripeCustomerId: user.stripeCustomerId,
    }
  }
}
