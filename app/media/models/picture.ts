import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type PictureContentType = 'image/jpeg' | 'image/png'

/**
 * One of a creator's own pictures, as stored: upright, metadata stripped,
 * at most PICTURE_MAX_SIDE on its longer side. Owned by the user who sent
 * it; attached once a project's scene shows it (docs/product.md, Image to Video).
 */
export default class Picture extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** The stored picture on the media disk. */
  @column()
  declare key: string

  /** A small copy for the storyboard and the setup screen. */
  @column()
  declare thumbnailKey: string

  @column()
  declare width: number

  @column()
  declare height: number

  /** Its most interesting point, in fractions of its size: the render and the storyboard crop around it. */
  @column()
  declare focusX: number | null

  @column()
  declare focusY: number | null

  @column()
  declare contentType: PictureContentType

  @column()
  declare byteSize: number

  /** When a project took it; null pictures older than a day are swept. */
  @column.dateTime()
  declare attachedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
