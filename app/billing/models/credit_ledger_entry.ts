import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type CreditReason =
  | 'signup'
  | 'plan_grant'
  | 'pack_purchase'
  | 'video_charge'
  | 'refund'
  | 'admin_grant'
  /** Credits of a refunded payment, taken back. */
  | 'payment_refund'
  /** Credits owed from a refunded payment, taken from a later purchase. */
  | 'debt_settlement'

export default class CreditLedgerEntry extends BaseModel {
  static table = 'credit_ledger'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare amount: number

  @column()
  declare reason: CreditReason

  @column()
  declare reference: string

  @column()
  declare balanceAfter: number

  @column()
  declare paymentId: number | null

  @column()
  declare note: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
