import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const SCENE_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const
export type SceneStatus = (typeof SCENE_STATUSES)[number]

/**
 * Every scene lasts five seconds (spec §5, §9).
 */
export const SCENE_SECONDS = 5

export default class Scene extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare projectId: number

  @column()
  declare prompt: string

  @column()
  declare duration: number

  @column()
  declare order: number

  @column()
  declare status: SceneStatus

  @column()
  declare thumbnailKey: string | null

  @column()
  declare videoKey: string | null

  @column()
  declare errorMessage: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
