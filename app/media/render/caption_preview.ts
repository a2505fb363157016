import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import type { RenderSize, TimedWord } from '#media/providers/contracts'
import { captionsFor } from '#media/render/captions'
import { splitUnspaced } from '#media/render/caption_scripts'
import type { CaptionOptions } from '#media/render/caption_styles'
import { prepareOverlays } from '#media/render/overlays'
import { FRAME_RATE } from '#media/render/types'

/** How long each previewed word is spoken for. */
const WORD_MS = 320
/** Words a preview shows at most: enough for a caption or two. */
export const PREVIEW_WORDS = 8

/**
 * The creator's first words (for Chinese, Japanese and Thai, the words
 * the locale's dictionary finds), timed as a voice would speak them, and
 * the moment the preview is taken: while the second word is spoken, so a
 * style's highlight shows on a word that is not the first.
 */
export function previewWords(text: string, locale?: string) {
  const words: TimedWord[] = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => splitUnspaced(word, locale))
    .slice(0, PREVIEW_WORDS)
    .map((word, index) => ({
      text: word,
      startMs: index * WORD_MS,
      endMs: (index + 1) * WORD_MS - 20,
    }))
  return { words, atMs: Math.min(words.length - 1, 1) * WORD_MS + WORD_MS / 2 }
}

/**
 * One frame of the captions as the render draws them (docs/product.md,
 * Captions): the same caption grouping, ASS document, fonts and filter
 * (libass, or drawtext where the build lacks it), over a plain backdrop.
 * Answers a PNG.
 */
export async function renderCaptionPreview(
  input: {
    text: string
    size: RenderSize
    options: CaptionOptions
    /** BCP-47, the language of `text` (see captionsFor). */
    locale?: string
    workDir: string
    backdrop?: string
  },
  tools: MediaTools
) {
  const { size, options, locale } = input
  const { words, atMs } = previewWords(input.text, locale)
  const durationMs = Math.max(words.length, 2) * WORD_MS
  const dir = await mkdtemp(join(input.workDir, 'caption-preview-'))
  try {
    const overlays = await prepareOverlays({
      captions: captionsFor(words, size, durationMs, options, locale),
      options,
      locale,
      ffmpeg: tools.ffmpeg,
      size,
      watermark: false,
      dir,
      filters: tools.filters,
    })
    const backdrop = input.backdrop ?? '0x34495e'
    const outputPath = join(dir, 'preview.png')
    const chain = overlays.forClip(0)
    await runFfmpeg(
      tools,
      [
        ...['-f', 'lavfi', '-i'],
        `color=c=${backdrop}:s=${size.width}x${size.height}:r=${FRAME_RATE}:d=${durationMs / 1000}`,
        ...(chain ? ['-filter:v', chain] : []),
        ...['-ss', String(atMs / 1000), '-frames:v', '1', outputPath],
      ],
      { env: overlays.env }
    )
    return await readFile(outputPath)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
