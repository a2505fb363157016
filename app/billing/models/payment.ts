import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type PaymentStatus = 'pending' | 'completed' | 'failed'

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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
