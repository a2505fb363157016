import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#auth/models/user'

export default class UserTransformer extends BaseTransformer<User> {
  /**
   * The signed-in user's profile (GET /api/me, POST /api/users; docs/product.md, Profile).
   */
  toObject() {
    return {
      id: this.resource.id,
      email: this.resource.email,
      username: this.resource.username,
      credits: this.resource.credits,
      plan: this.resource.plan,
      stripeCustomerId: this.resource.stripeCustomerId,
      stripeSubscriptionId: this.resource.stripeSubscriptionId,
      niche: this.resource.niche,
      language: this.resource.language,
      defaultStyle: this.resource.defaultStyle,
      createdAt: this.resource.createdAt.toISO()!,
      updatedAt: this.resource.updatedAt.toISO()!,
    }
  }

  forSharedProps() {
    return {
      id: this.resource.id,
      email: this.resource.email,
      username: this.resource.username,
      credits: this.resource.credits,
      plan: this.resource.plan,
      createdAt: this.resource.createdAt.toISO()!,
    }
  }

  forBalance() {
    return { credits: this.resource.credits, plan: this.resource.plan }
  }

  forProfilePage() {
    return {
      email: this.resource.email,
      username: this.resource.username,
      createdAt: this.resource.createdAt.toISO(),
      plan: this.resource.plan,
      credits: this.resource.credits,
      stripeCustomerId: this.resource.stripeCustomerId,
    }
  }

  forOnboarding() {
    return {
      username: this.resource.username,
      niche: this.resource.niche,
      language: this.resource.language,
      defaultStyle: this.resource.defaultStyle,
    }
  }
}
