import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { PlanSlug } from '#billing/plan_catalogue'

/**
 * An account's money, billing's own row (one per user, opened with it):
 * the cached balance, which changes only with a credit_ledger row; the
 * credits owed from refunded payments; the plan; the Stripe links.
 */
export default class BillingAccount extends BaseModel {
  static table = 'billing_accounts'
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare userId: number

  @column()
  declare credits: number

  @column()
  declare creditDebt: number

  @column()
  declare plan: PlanSlug

  @column()
  declare stripeCustomerId: string | null

  @column()
  declare stripeSubscriptionId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
