import { BaseTransformer } from '@adonisjs/core/transformers'
import type Plan from '#billing/models/plan'
import { toDollars } from '#billing/money'

export default class PlanTransformer extends BaseTransformer<Plan> {
  /** A plan as GET /api/plans, /billing and /plans show it, price in dollars. */
  toObject() {
    return {
      id: this.resource.id,
      slug: this.resource.slug,
      name: this.resource.name,
      stripePriceId: this.resource.stripePriceId,
      price: toDollars(this.resource.priceCents),
      interval: this.resource.interval,
      credits: this.resource.credits,
      features: this.resource.features,
      renderQuality: this.resource.renderQuality,
      watermark: this.resource.watermark,
      popular: this.resource.slug === 'agency',
    }
  }

  forOnboarding() {
    return {
      id: this.resource.id,
      slug: this.resource.slug,
      name: this.resource.name,
      stripePriceId: this.resource.stripePriceId,
      price: toDollars(this.resource.priceCents),
      interval: this.resource.interval,
      credits: this.resource.credits,
      features: this.resource.features,
      popular: this.resource.slug === 'agency',
    }
  }

  /** The operator's row: the plan with its slug and the tier it sells. */
  forAdmin() {
    return {
      id: this.resource.id,
      slug: this.resource.slug,
      tier: this.resource.tier,
      name: this.resource.name,
      stripePriceId: this.resource.stripePriceId,
      price: toDollars(this.resource.priceCents),
      interval: this.resource.interval,
      credits: this.resource.credits,
      features: this.resource.features,
    }
  }
}
