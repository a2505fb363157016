import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Coupon, { type DiscountType } from '#billing/models/coupon'
import { toCents } from '#billing/money'

export type CouponInput = {
  code?: string
  discountType?: DiscountType
  /** Percent for 'percentage', dollars for 'fixed'. */
  discountValue?: number
  usageLimit?: number | null
  expiresAt?: Date | null
  isActive?: boolean
}

export type SaveCouponResult =
  | { status: 'saved'; coupon: Coupon }
  | { status: 'not_found' }
  | { status: 'code_taken' }
  | { status: 'invalid_discount'; message: string }

const UNIQUE_VIOLATION = '23505'

/** What a Stripe coupon is made with (StripeGateway.ensureCoupon). */
const TERMS = ['code', 'discountType', 'discountValue', 'usageLimit', 'expiresAt']

/**
 * A coupon added, edited or switched on and off (`couponId`): an edit
 * changes only the fields given. A percentage is a whole number up to 100,
 * a fixed discount is dollars and cents.
 */
export class SaveCoupon {
  async handle(input: CouponInput, couponId?: number): Promise<SaveCouponResult> {
    return db.transaction(async (trx) => {
      const coupon =
        couponId === undefined
          ? new Coupon()
          : await Coupon.query({ client: trx }).where('id', couponId).forUpdate().first()
      if (!coupon) return { status: 'not_found' as const }

      const discountType = input.discountType ?? coupon.discountType ?? 'percentage'
      const discount = discountValue(discountType, input.discountValue, coupon)
      if (discount.status === 'invalid_discount') return discount

      coupon.useTransaction(trx)
      coupon.merge({ discountType, discountValue: discount.value })
      if (input.code !== undefined) coupon.code = input.code
      if (input.usageLimit !== undefined) coupon.usageLimit = input.usageLimit
      if (input.expiresAt !== undefined) {
        coupon.expiresAt = input.expiresAt ? DateTime.fromJSDate(input.expiresAt) : null
      }
      coupon.isActive = input.isActive ?? coupon.isActive ?? true
      if (!coupon.$isPersisted) coupon.usageCount = 0
      // Stripe's copy holds the terms it was made with: new terms need a new copy.
      if (coupon.$isDirty && TERMS.some((field) => field in coupon.$dirty)) {
        coupon.stripeCouponId = null
      }
      try {
        await trx.rawQuery('savepoint coupon_save')
        await coupon.save()
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error
        await trx.rawQuery('rollback to savepoint coupon_save')
        return { status: 'code_taken' as const }
      }
      return { status: 'saved' as const, coupon }
    })
  }
}

/** The stored discount: percent as given, or cents of the dollars given. */
function discountValue(
  type: DiscountType,
  given: number | undefined,
  coupon: Coupon
): { status: 'ok'; value: number } | { status: 'invalid_discount'; message: string } {
  if (given === undefined) {
    if (coupon.$isPersisted && type === coupon.discountType) {
      return { status: 'ok', value: coupon.discountValue }
    }
    return { status: 'invalid_discount', message: 'Discount value is required' }
  }
  if (type === 'fixed') return { status: 'ok', value: toCents(given) }
  if (!Number.isInteger(given) || given < 1 || given > 100) {
    return {
      status: 'invalid_discount',
      message: 'A percentage discount is a whole number from 1 to 100',
    }
  }
  return { status: 'ok', value: given }
}
