import { BaseTransformer } from '@adonisjs/core/transformers'
import type { AdminStatsResult } from '#admin/queries/admin_stats'
import { toDollars } from '#billing/money'
import UserMetricTransformer from '#admin/transformers/user_metric_transformer'

/**
 * The Admin screen's stats (docs/product.md, Admin), with the page of userMetrics they carry.
 */
export default class AdminStatsTransformer extends BaseTransformer<AdminStatsResult> {
  toObject() {
    return {
      totalUsers: this.resource.totalUsers,
      videosGenerated: this.resource.videosGenerated,
      videosFailed: this.resource.videosFailed,
      videosDrafts: this.resource.videosDrafts,
      creditPackPurchases: this.resource.creditPackPurchases,
      refundedPayments: this.resource.refunds.payments,
      refunded: toDollars(this.resource.refunds.amountCents),
      userMetrics: UserMetricTransformer.transform(this.resource.userMetrics),
      userMetricsPage: {
        page: this.resource.page,
        perPage: this.resource.perPage,
        lastPage: this.resource.lastPage,
        total: this.resource.totalUsers,
      },
    }
  }
}
