import { BaseTransformer } from '@adonisjs/core/transformers'
import type { Account } from '#auth/contracts/account_standing'

/** The signed-in user with the plan and balance billing keeps for them (`AccountStanding`). */
export default class UserTransformer extends BaseTransformer<Account> {
  /**
   * The signed-in user's profile (GET /api/me, POST /api/users; docs/product.md, Profile).
   */
  toObject() {
    const { user, standing } = this.resource
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      credits: standing.credits,
      plan: standing.plan,
      stripeCustomerId: standing.stripeCustomerId,
      stripeSubscriptionId: standing.stripeSubscriptionId,
      niche: user.niche,
      language: user.language,
      defaultStyle: user.defaultStyle,
      timeZone: user.timeZone,
      createdAt: user.createdAt.toISO()!,
      updatedAt: user.updatedAt.toISO()!,
    }
  }

  forSharedProps() {
    const { user, standing } = this.resource
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      credits: standing.credits,
      plan: standing.plan,
      /** The sidebar offers Brand kits when the plan allows one. */
      brandLimit: standing.brandLimit,
      createdAt: user.createdAt.toISO()!,
    }
  }

  forBalance() {
    return { credits: this.resource.standing.credits, plan: this.resource.standing.plan }
  }

  forProfilePage() {
    const { user, standing } = this.resource
    return {
      email: user.email,
      username: user.username,
      createdAt: user.createdAt.toISO(),
      plan: standing.plan,
      credits: standing.credits,
      stripeCustomerId: standing.stripeCustomerId,
      timeZone: user.timeZone,
    }
  }
}
