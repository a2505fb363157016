import { BaseTransformer } from '@adonisjs/core/transformers'
import type Coupon from '#billing/models/coupon'
import { toDollars } from '#billing/money'

export default class CouponTransformer extends BaseTransformer<Coupon> {
  /** A coupon for the Admin screen: a percentage as a percent, a fixed discount in dollars. */
  toObject() {
    return {
      id: this.resource.id,
      code: this.resource.code,
      discountType: this.resource.discountType,
      discountValue:
        this.resource.discountType === 'fixed'
          ? toDollars(this.resource.discountValue)
          : this.resource.discountValue,
      usageLimit: this.resource.usageLimit,
      usageCount: this.resource.usageCount,
      expiresAt: this.resource.expiresAt?.toISO() ?? null,
      isActive: this.resource.isActive,
    }
  }
}
