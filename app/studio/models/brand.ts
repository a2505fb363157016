import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { StyleId } from '#core/vocabulary'
import type { AspectRatio } from '#media/providers/contracts'
import type { CaptionOptions } from '#media/render/caption_styles'

export const LOGO_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const
export type LogoCorner = (typeof LOGO_CORNERS)[number]

/** A brand's narrator for new videos: a voice of list_voices. */
export type BrandVoice = { id: string; provider: string }

const json = {
  prepare: (value: unknown) => (value === null ? null : JSON.stringify(value)),
}

/** PostgreSQL answers a numeric column as text. */
const seconds = { consume: (value: string | number) => Number(value) }

/**
 * A creator's brand kit (docs/product.md, Brand kits). Its defaults are
 * offered when a video is set up; what a video was made with is the
 * video's own.
 */
export default class Brand extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  /** #RRGGBB: the intro and outro cards' background. */
  @column()
  declare primaryColor: string

  /** #RRGGBB: the cards' title and call to action. */
  @column()
  declare accentColor: string

  /** How the captions look; null: the creator's own last choice. */
  @column(json)
  declare captions: CaptionOptions | null

  /** The logo: one of the owner's pictures (transparency kept); null: no logo. */
  @column()
  declare logoPictureId: number | null

  @column()
  declare logoCorner: LogoCorner

  /** The logo's width as a percentage of the frame's shorter side. */
  @column()
  declare logoSize: number

  /** 10–100 %. */
  @column()
  declare logoOpacity: number

  /** The intro card's title line; null: no intro. */
  @column()
  declare introTitle: string | null

  @column(seconds)
  declare introSeconds: number

  /** The outro card's call to action ("Follow @handle"); null: no outro. */
  @column()
  declare outroLine: string | null

  @column(seconds)
  declare outroSeconds: number

  @column(json)
  declare voice: BrandVoice | null

  @column()
  declare musicTrackId: number | null

  @column()
  declare style: StyleId | null

  @column()
  declare aspectRatio: AspectRatio | null

  /** Counts the kit's edits: a video says which version it was made with. */
  @column()
  declare version: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
