import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type { StyleId } from '#core/vocabulary'
import type { Language } from '#shared/languages'
import type { AspectRatio } from '#media/providers/contracts'
import type { Infer } from '@vinejs/vine/types'
import type { createProjectValidator } from '#studio/validators/project'
import type { GenerationMode } from '#studio/models/project'
import SeriesSlot from '#studio/models/series_slot'

export const SCHEDULE_KINDS = ['now', 'daily', 'weekly'] as const
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number]

export const SERIES_STATUSES = ['active', 'paused', 'finished'] as const
export type SeriesStatus = (typeof SERIES_STATUSES)[number]

/**
 * What each video of a series is created with, as create_project takes it
 * (less the script): the series' own when it has no brand kit, the kit's
 * when it has one.
 */
export type SeriesDefaults = {
  style: StyleId
  voice: { id: string; provider: string; speed?: number; language?: Language }
  music: { id: number } | null
  aspect_ratio: AspectRatio
  target_seconds: number
  captions?: Infer<typeof createProjectValidator>['captions']
  generation_mode: Exclude<GenerationMode, 'image-to-video'>
}

const json = {
  prepare: (value: unknown) => JSON.stringify(value),
}

/**
 * A series of videos made on a schedule (docs/series.md): one video per
 * slot, on each fire of its schedule, in its time zone.
 */
export default class Series extends BaseModel {
  static table = 'series'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  @column()
  declare brandId: number | null

  @column(json)
  declare defaults: SeriesDefaults

  @column()
  declare scheduleKind: ScheduleKind

  /** HH:MM in the series' time zone; null for "now". */
  @column()
  declare scheduleTime: string | null

  /** ISO weekdays, 1 (Monday) to 7 (Sunday); only for "weekly". */
  @column()
  declare scheduleWeekdays: number[] | null

  /** An IANA time zone name, the account's when the series was created. */
  @column()
  declare timeZone: string

  @column()
  declare status: SeriesStatus

  /** Why it paused itself, said to the customer; null when paused by hand or running. */
  @column()
  declare pauseReason: string | null

  @column.dateTime()
  declare pausedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => SeriesSlot)
  declare slots: HasMany<typeof SeriesSlot>
}
