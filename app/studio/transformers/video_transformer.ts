import { BaseTransformer } from '@adonisjs/core/transformers'
import { cardThumbnailKey } from '#media/services/card_thumbnails'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Project from '#studio/models/project'
import type { BrandSnapshot } from '#studio/models/project'
import type { SignedUrls } from '#studio/transformers/scene_transformer'
import type { RenderEstimate } from '#studio/queries/render_estimates'
import { currentScript } from '#studio/styles'
import { writePostOffline } from '#media/providers/local/local_post_writer'
import type { VideoPost } from '#shared/video_post'

/**
 * What a video shows in a list, on the player and on the status page: a
 * list reads it straight from SQL as plain rows (ListVideos), a single video
 * from its project and scenes (`cardOf`). `status`, `progressPercent` and
 * `error` are the latest run's; the file, its thumbnail, resolution and
 * watermark are the last finished video's, kept while a newer run renders
 * and after it is cancelled or fails.
 */
export type VideoCard = Pick<
  Project,
  | 'id'
  | 'script'
  | 'style'
  | 'status'
  | 'outputVideoKey'
  | 'aspectRatio'
  | 'resolution'
  | 'watermarked'
  | 'progressPercent'
  | 'error'
  | 'createdAt'
  | 'post'
> & {
  /** The narration's language: a post written on reading is written in it. */
  language: string
  /** The still a card shows: the video's own thumbnail, else its first scene's still. */
  thumbKey: string | null
  /** The video's own thumbnail (the player's poster), null until a video is made. */
  ownThumbKey: string | null
  /** The video's length: its scenes' seconds, and its brand kit's intro and outro. */
  seconds: number
  /** The brand kit its latest run draws, when that was looked at (one video's view). */
  brand?: { name: string; version: number } | null
  /**
   * Whether its SRT and WebVTT are stored, when that was looked at (one
   * video's view): a video finished before caption files existed has none.
   */
  captionFiles?: boolean
}

/**
 * A project, with its scenes preloaded when it has any, as a video card: its
 * script is the scenes' words as they stand (without the scenes, the one it
 * was made from).
 */
export function cardOf(project: Project): VideoCard {
  const scenes = project.$preloaded.scenes ? project.scenes : []
  return {
    id: project.id,
    script: currentScript(project, scenes),
    style: project.style,
    status: project.status,
    outputVideoKey: project.outputVideoKey,
    aspectRatio: project.aspectRatio,
    resolution: project.resolution,
    watermarked: project.watermarked,
    progressPercent: project.progressPercent,
    error: project.error,
    createdAt: project.createdAt,
    post: project.post,
    language: project.voice.language,
    thumbKey: project.thumbKey ?? scenes.find((scene) => scene.thumbnailKey)?.thumbnailKey ?? null,
    ownThumbKey: project.thumbKey,
    seconds:
      scenes.reduce((total, scene) => total + scene.duration, 0) +
      brandCardSeconds(project.brandSnapshot),
    brand: project.brandSnapshot
      ? { name: project.brandSnapshot.name, version: project.brandSnapshot.version }
      : null,
  }
}

/** What a run's intro and outro add to its video (docs/product.md, Brand kits). */
export function brandCardSeconds(snapshot: BrandSnapshot | null) {
  return (snapshot?.intro?.seconds ?? 0) + (snapshot?.outro?.seconds ?? 0)
}

/**
 * A finished video's post (docs/product.md, Ready to post): the one kept
 * with it; for a video finished before posts were kept, written offline
 * from its script as it is read (docs/decisions.md, Ready to post); null
 * while there is no video.
 */
export function postOf(
  video: Pick<VideoCard, 'post' | 'outputVideoKey' | 'script' | 'language'>
): VideoPost | null {
  if (video.post) return video.post
  return video.outputVideoKey ? writePostOffline(video.script, video.language) : null
}

/**
 * What a card shows: the small copy of the video's thumbnail, or the first
 * scene's still before there is a video (docs/glossary.md, card thumbnail).
 */
export function cardThumbKeyOf(video: Pick<VideoCard, 'thumbKey' | 'ownThumbKey'>) {
  return video.ownThumbKey ? cardThumbnailKey(video.ownThumbKey) : video.thumbKey
}

/**
 * A project as a video: what My Videos, Home and the Player show (docs/glossary.md).
 */
export default class VideoTransformer extends BaseTransformer<VideoCard> {
  constructor(
    resource: VideoCard,
    protected urls: SignedUrls,
    /** The status page's time estimate for a run in progress (RenderEstimates). */
    protected estimate: RenderEstimate | null = null
  ) {
    super(resource)
  }

  /**
   * A list's cards, shaped by `toObject` without the framework's
   * `transform()`: that builds an error (for its stack) and resolves values
   * asynchronously on every call, which cards (plain and synchronous) do not
   * need. On My Videos, the busiest read, it was most of the time spent
   * shaping a page.
   */
  static cards(videos: VideoCard[], urls: SignedUrls) {
    return videos.map((video) => new VideoTransformer(video, urls).toObject())
  }

  toObject() {
    const video = this.resource
    return {
      id: video.id,
      prompt: video.script,
      style: video.style,
      duration: video.seconds,
      status: video.status,
      thumbUrl: this.#url(video.thumbKey),
      cardThumbUrl: this.#url(cardThumbKeyOf(video)),
      outputVideoUrl: this.#url(video.outputVideoKey),
      /** The finished video's captions as files (docs/product.md, Captions). */
      captionsUrls:
        video.outputVideoKey && video.captionFiles !== false
          ? {
              srt: urlFor('studio.videos.captions', { id: video.id, format: 'srt' }),
              vtt: urlFor('studio.videos.captions', { id: video.id, format: 'vtt' }),
            }
          : null,
      createdAt: video.createdAt.toISO()!,
      aspectRatio: video.aspectRatio,
      resolution: video.resolution,
      watermarked: video.watermarked,
      progressPercent: video.progressPercent,
      error: video.error,
      /** The title, description and hashtags to publish it with; null until it is finished. */
      post: postOf(video),
    }
  }

  /**
   * The latest run's status, and whether a finished video is there to
   * watch meanwhile: the last one done stays through a re-render, its
   * cancel or its failure (docs/product.md, Status).
   */
  forStatus() {
    return {
      status: this.resource.status,
      error: this.resource.error,
      progress: this.resource.progressPercent,
      estimate: this.estimate,
      hasVideo: this.resource.outputVideoKey !== null,
      /** The video's final length: scenes, and the kit's intro and outro. */
      seconds: this.resource.seconds,
      /** The brand kit the run draws, with its version; null for none. */
      brand: this.resource.brand ?? null,
    }
  }

  #url(key: string | null) {
    return key ? (this.urls.get(key) ?? null) : null
  }
}
