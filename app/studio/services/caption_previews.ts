import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { mediaTools } from '#media/ffmpeg/tools'
import type { AspectRatio } from '#media/providers/contracts'
import { renderCaptionPreview } from '#media/render/caption_preview'
import type { CaptionOptions } from '#media/render/caption_styles'
import { resolutionFor } from '#media/render/types'

/** Previews kept in memory, the least recently asked for going first (a few kB each). */
const KEPT = 200
// Sizes follow the shorter side, so a small frame looks like the video, only smaller.
const PREVIEW_SHORT_SIDE = 270
export const PREVIEW_FALLBACK_TEXT = 'Every night the old keeper climbed the stairs'

/**
 * The Captions card's preview (docs/product.md, Captions): one frame drawn
 * by the render's own ASS + ffmpeg path, kept by a hash of what it shows,
 * so flipping back to a choice costs nothing.
 */
export class CaptionPreviews {
  static #kept = new Map<string, Promise<Buffer>>()

  /** `locale`: the BCP-47 language of `text` (renderCaptionPreview); undefined, the text decides. */
  async png(input: {
    options: CaptionOptions
    aspectRatio: AspectRatio
    text: string
    locale?: string
  }) {
    const text = input.text.trim() || PREVIEW_FALLBACK_TEXT
    const base = resolutionFor(input.aspectRatio, '720p')
    const scale = PREVIEW_SHORT_SIDE / Math.min(base.width, base.height)
    const even = (value: number) => Math.round((value * scale) / 2) * 2
    const size = { width: even(base.width), height: even(base.height) }
    const key = createHash('sha256')
      .update(JSON.stringify([input.options, size, text, input.locale ?? null]))
      .digest('hex')
    const kept = CaptionPreviews.#kept
    let png = kept.get(key)
    if (png) {
      kept.delete(key)
    } else {
      png = this.#render(text, size, input.options, input.locale)
      png.catch(() => kept.delete(key))
    }
    kept.set(key, png)
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!)
    return png
  }

  async #render(
    text: string,
    size: { width: number; height: number },
    options: CaptionOptions,
    locale: string | undefined
  ) {
    const workDir = app.tmpPath('caption-previews')
    await mkdir(workDir, { recursive: true })
    return renderCaptionPreview({ text, size, options, locale, workDir }, await mediaTools())
  }
}
