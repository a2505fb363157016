import { BaseTransformer } from '@adonisjs/core/transformers'
import type { UserMetricRow } from '#admin/queries/admin_stats'

export default class UserMetricTransformer extends BaseTransformer<UserMetricRow> {
  toObject() {
    return {
      id: this.resource.id,
      email: this.resource.email,
      credits: this.resource.credits,
      plan: this.resource.plan,
      videosCreated: this.resource.videosCreated,
      videosFailed: this.resource.videosFailed,
      videosDrafts: this.resource.videosDrafts,
      creditPacksPurchased: this.resource.creditPacksPurchased,
      createdAt: this.resource.createdAt.toISOString(),
    }
  }
}
