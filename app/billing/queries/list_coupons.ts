import Coupon from '#billing/models/coupon'

export class ListCoupons {
  /** Every coupon for the operator, newest first. */
  async all() {
    return Coupon.query().orderBy('id', 'desc')
  }
}
