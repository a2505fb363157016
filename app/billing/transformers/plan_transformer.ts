import { BaseTransformer } from '@adonisjs/core/transformers'
import type Plan from '#billing/models/plan'
import { toDollars } from '#billing/money'
import { API_ACCESS_FEATURE, brandFeature } from '#billing/plan_catalogue'

/**
 * The features a plan card lists: the operator's lines, with the brand
 * kits line derived from the plan's brand limit, before "API access"
 * where the card has it.
 */
function cardFeatures(plan: Plan) {
  const brands = brandFeature(plan.brandLimit)
  if (!brands) return plan.features
  const api = plan.features.findIndex(
    (feature) => feature.trim().toLowerCase() === API_ACCESS_FEATURE.toLowerCase()
  )
  const at = api === -1 ? plan.features.length : api
  return [...plan.features.slice(0, at), brands, ...plan.features.slice(at)]
}

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
      features: cardFeatures(this.resource),
      brandLimit: this.resource.brandLimit,
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
      features: cardFeatures(this.resource),
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
      brandLimit: this.resource.brandLimit,
    }
  }
}
