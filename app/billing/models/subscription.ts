import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * A subscription as the payment events last read it from the gateway
 * (written by HandleStripeEvent): what /billing says about renewal.
 */
export default class Subscription extends BaseModel {
  /** The gateway's id: `sub_…` in Stripe, `sub_local_…` in test mode. */
  @column({ isPrimary: true })
  declare id: string

  @column()
  declare userId: number

  @column()
  declare status: string

  /** The end of the period paid for: the next renewal while it runs. */
  @column.dateTime()
  declare currentPeriodEnd: DateTime | null

  /** When a cancelled subscription ends (Stripe's cancel_at, or the period's end). */
  @column.dateTime()
  declare endsAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
