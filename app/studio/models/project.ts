import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import type { StyleId } from '#core/vocabulary'
import type { AspectRatio } from '#media/providers/contracts'
import type { CaptionOptions } from '#media/render/caption_styles'
import Scene from '#studio/models/scene'
import type { ProjectStatus } from '#studio/public/statuses'
import Brand, { type LogoCorner } from '#studio/models/brand'
import type { VideoPost } from '#shared/video_post'

export const GENERATION_MODES = ['text-to-video', 'image-to-video', 'ai-images-to-video'] as const
export type GenerationMode = (typeof GENERATION_MODES)[number]

export type ProjectMusic = { id: number; url: string; mode: 'track'; mood: string }
export type ProjectVoice = { id: string; provider: string; speed: number; language: string }

/**
 * A brand kit as a run of the project took it (docs/product.md, Brand
 * kits): the kit's version, and its logo copied into the project's folder,
 * so editing or deleting the kit never changes this video.
 */
export type BrandSnapshot = {
  brandId: number
  name: string
  version: number
  primaryColor: string
  accentColor: string
  logo: { key: string; corner: LogoCorner; size: number; opacity: number } | null
  intro: { title: string; seconds: number } | null
  outro: { line: string; seconds: number } | null
}

const json = {
  prepare: (value: unknown) => (value === null ? null : JSON.stringify(value)),
}

export default class Project extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare script: string

  @column()
  declare style: StyleId

  @column()
  declare styleTemplate: string

  @column(json)
  declare music: ProjectMusic | null

  @column(json)
  declare voice: ProjectVoice

  @column()
  declare aspectRatio: AspectRatio

  /** How its captions look (docs/product.md, Captions). */
  @column(json)
  declare captions: CaptionOptions

  /** When the captions were last chosen: the newest choice is the creator's default. */
  @column.dateTime()
  declare captionsChosenAt: DateTime

  /** The brand kit it is made with; null: none (or the kit was deleted). */
  @column()
  declare brandId: number | null

  /** The kit as its last run started took it; what the video shows. */
  @column(json)
  declare brandSnapshot: BrandSnapshot | null

  @column()
  declare targetSeconds: number

  @column()
  declare generationMode: GenerationMode

  @column()
  declare sourceImageUrl: string | null

  @column()
  declare status: ProjectStatus

  @column()
  declare progressPercent: number

  @column()
  declare error: string | null

  /**
   * The last finished video and its thumbnail: kept while a newer run
   * renders, and after it is cancelled or fails; replaced when one is done.
   */
  @column()
  declare outputVideoKey: string | null

  @column()
  declare thumbKey: string | null

  @column()
  declare renderRun: number

  /** What this run's video costs in all: charged now plus prepaid earlier. */
  @column()
  declare chargedCredits: number

  /**
   * Credits paid for scenes a cancelled run finished and kept; the next
   * Generate Final Video charges that much less.
   */
  @column()
  declare prepaidCredits: number

  /**
   * The seconds of this run's scenes whose clips it found made: earlier runs
   * paid for them, so a cancel refunds them (docs/decisions.md, Videos).
   */
  @column()
  declare reusedClipSeconds: number

  @column()
  declare resolution: string | null

  /** Whether its video carries the watermark, as composed; null before there is a video. */
  @column()
  declare watermarked: boolean | null

  /**
   * The last finished video's title, description and hashtags, written when
   * it was done (docs/product.md, Ready to post); null before, and for a
   * video finished before posts were kept (read as `postOf` writes it).
   */
  @column(json)
  declare post: VideoPost | null

  /** When the customer last edited the post: a newer video keeps their words. */
  @column.dateTime()
  declare postEditedAt: DateTime | null

  /** When the current (or last) run was queued, and when it ended done. */
  @column.dateTime()
  declare renderStartedAt: DateTime | null

  @column.dateTime()
  declare renderFinishedAt: DateTime | null

  /** The run's frame (width × height) and scene count: what its time is compared by. */
  @column()
  declare renderPixels: number | null

  @column()
  declare renderScenes: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => Scene, { onQuery: (query) => query.orderBy('order') })
  declare scenes: HasMany<typeof Scene>

  /** The kit as it stands now (the storyboard names it); the render draws the snapshot. */
  @belongsTo(() => Brand)
  declare brand: BelongsTo<typeof Brand>
}
