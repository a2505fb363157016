import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const MOODS = ['chill', 'epic', 'horror', 'uplifting'] as const
export type Mood = (typeof MOODS)[number]

export default class MusicTrack extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare artist: string | null

  @column()
  declare mood: Mood

  /** Whole seconds. */
  @column()
  declare duration: number

  /** Object name under the music/ prefix of the storage disk. */
  @column()
  declare fileName: string

  @column()
  declare thumbnailUrl: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}

/** A track's address in the app (`/music/<file>`), as pages and projects keep it. */
export function musicFileUrl(fileName: string) {
  return `/music/${fileName}`
}

/** A track's object on the storage disk. */
export function musicObjectKey(fileName: string) {
  return `music/${fileName}`
}
