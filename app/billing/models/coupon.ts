import { DateTime } from 'luxon'
import { toDollars } from '#billing/money'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type DiscountType = 'percentage' | 'fixed'

export default class Coupon extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare code: string

  @column()
  declare discountType: DiscountType

  /** Percent off for 'percentage', cents off for 'fixed'. */
  @column()
  declare discountValue: number

  @column()
  declare usageLimit: number | null

  @column()
  declare usageCount: number

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column()
  declare isActive: boolean

  @column()
  declare stripeCouponId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Its discount in words: "20% off", "$4.99 off". */
  terms() {
    return this.discountType === 'percentage'
      ? `${this.discountValue}% off`
      : `$${toDollars(this.discountValue)} off`
  }

  /** What is left to pay of `priceCents` after this coupon. */
  apply(priceCents: number) {
    const off =
      this.discountType === 'percentage'
        ? Math.round((priceCents * this.discountValue) / 100)
        : this.discountValue
    return Math.max(0, priceCents - off)
  }
}
