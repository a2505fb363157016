import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** `cancelled`: the buyer left the checkout; `failed`: the money did not move, or could not be applied. */
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'cancelled'

export default class Payment extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare kind: 'pack' | 'subscription'

  @column()
  declare status: PaymentStatus

  @column()
  declare amountCents: number

  @column()
  declare currency: string

  @column()
  declare credits: number

  @column()
  declare creditPackId: number | null

  @column()
  declare planId: number | null

  @column()
  declare couponId: number | null

  @column()
  declare stripeCheckoutSessionId: string | null

  @column()
  declare stripeInvoiceId: string | null

  @column()
  declare stripePaymentIntentId: string | null

  /** Why a paid payment could not be applied (shown to the operator, who refunds it). */
  @column()
  declare failureReason: string | null

  /** Money returned so far, in cents (Stripe's running `amount_refunded`). */
  @column()
  declare refundedCents: number

  /** When its coupon's use was counted: once, when the money moved. */
  @column.dateTime()
  declare couponRedeemedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
