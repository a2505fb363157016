import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const SLOT_STATES = ['pending', 'claimed', 'made', 'skipped', 'failed'] as const
export type SlotState = (typeof SLOT_STATES)[number]

/**
 * One topic of a series waiting to become a video (docs/series.md). A fire
 * of the schedule claims the next pending slot under its `fireKey` before
 * any work; the slot then takes the project made for it, and is `made`
 * once that project's render has started (and been charged).
 */
export default class SeriesSlot extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare seriesId: number

  /** Its place in the series, from 1: slots are made in this order. */
  @column()
  declare position: number

  @column()
  declare topic: string

  /** The narration as given; null: the script writer writes one for the topic. */
  @column()
  declare script: string | null

  @column()
  declare state: SlotState

  /** The fire of the schedule that claimed it: unique in its series. */
  @column()
  declare fireKey: string | null

  @column()
  declare projectId: number | null

  @column()
  declare error: string | null

  @column.dateTime()
  declare claimedAt: DateTime | null

  @column.dateTime()
  declare madeAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
