import { BaseTransformer } from '@adonisjs/core/transformers'
import type Plan from '#billing/models/plan'

export default class PlanTransformer extends BaseTransformer<Plan> {
  toObject() {
    return {
      id: this.resource.id,
      slug: this.resource.slug,
      name: this.resource.name,
      stripePriceId: this.resource.stripePriceId,
      price: this.resource.price,
      interval: this.resource.interval,
      credits: this.resource.credits,
      features: this.resource.features,
    }
  }

  forOnboarding() {
    return {
      slug: this.resource.slug,
      name: this.resource.name,
      price: this.resource.price,
      interval: this.resource.interval,
      credits: this.resource.credits,
      features: this.resource.features,
      popular: this.resource.slug === 'agency',
    }
  }
}
