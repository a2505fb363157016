import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { SceneStatus } from '#studio/public/statuses'

/** Every scene lasts five seconds (docs/decisions.md, Credits and plans). */
export { SCENE_SECONDS } from '#shared/script_plan'

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

  /** Image to Video: the creator's picture this scene shows (docs/product.md, Image to Video). */
  @column()
  declare pictureId: number | null

  /** The prompt the still was drawn from. */
  @column()
  declare thumbnailPrompt: string | null

  /** The scene's segment of the last video (or its generated clip until then): the preview. */
  @column()
  declare videoKey: string | null

  /**
   * What the renderer encodes the scene from: a still (.jpg/.png) or a
   * generated video (.mp4). Kept across runs until the scene changes, so a
   * regenerated video does not pay for the same clip twice.
   */
  @column()
  declare clipSourceKey: string | null

  @column()
  declare errorMessage: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** The still shows words the scene no longer has: an edit came after it was drawn. */
  get stillOutdated() {
    return this.thumbnailKey !== null && this.thumbnailPrompt !== this.prompt
  }

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
