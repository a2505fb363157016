import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { PlanSlug } from '#billing/plan_catalogue'

export const RENDER_QUALITIES = ['720p', '1080p', '2160p'] as const
export type RenderQuality = (typeof RENDER_QUALITIES)[number]

export default class Plan extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** Names the row: the catalogue's free, pro, agency, or one made from an operator's plan name. */
  @column()
  declare slug: string

  /** The `billing_accounts.plan` a subscriber gets. */
  @column()
  declare tier: PlanSlug

  @column()
  declare name: string

  @column()
  declare stripePriceId: string | null

  @column()
  declare priceCents: number

  @column()
  declare interval: 'month' | 'year'

  @column()
  declare credits: number

  @column({ prepare: (value: string[]) => JSON.stringify(value) })
  declare features: string[]

  /** What a video rendered on this plan looks like: its size, and whether it is watermarked. */
  @column()
  declare renderQuality: RenderQuality

  @column()
  declare watermark: boolean

  /** How many brand kits its subscribers may choose for new videos (docs/decisions.md, Brand kits). */
  @column()
  declare brandLimit: number

  @column()
  declare sortOrder: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  get isFree() {
    return this.priceCents === 0
  }
}
