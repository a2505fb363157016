import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import type { RenderSize } from '#media/providers/contracts'
import { CAPTION_FONTS } from '#media/render/caption_styles'
import { filterValue } from '#media/render/overlays'
import { FRAME_RATE, H264_OUTPUT, H264_PIXELS } from '#media/render/types'

/** A brand kit's intro or outro card (docs/product.md, Brand kits). */
export type BrandCard = {
  /** The intro before the first scene, the outro after the last. */
  kind: 'intro' | 'outro'
  seconds: number
  /** #RRGGBB: the card's background. */
  background: string
  /** #RRGGBB: its line of text. */
  color: string
  /** The intro's title or the outro's call to action. */
  text: string
  /** The kit's logo, centred above the line; null without one. */
  logoPath: string | null
  /** The card already encoded at this size (kept per kit version): used as it is. */
  encodedPath?: string
}

const FONT_FILE = CAPTION_FONTS['dejavu-sans'].file
/**
 * The reveal: the line fades in over the kit's colour and logo, which show
 * from the first frame to the last (a card never starts or ends on black).
 */
const REVEAL_SECONDS = 0.4
/** The logo's width on a card, in shares of the frame's shorter side. */
const LOGO_SHARE = 0.3

/**
 * One card as a segment of the video: the kit's colour, its logo in the
 * middle, its line below fading in; encoded with the scenes' own codec
 * settings, so it joins them with `-c copy`.
 */
export async function encodeCard(
  card: BrandCard,
  size: RenderSize,
  dir: string,
  tools: MediaTools,
  signal?: AbortSignal
) {
  const { width, height } = size
  const short = Math.min(width, height)
  const frames = Math.round(card.seconds * FRAME_RATE)
  const textPath = join(dir, `${card.kind}.txt`)
  await writeFile(textPath, card.text)
  const fontSize = Math.max(
    8,
    Math.round(Math.min(short * 0.07, (width * 0.9) / (card.text.length * 0.6)))
  )
  const args = [
    ...[
      '-f',
      'lavfi',
      '-i',
      `color=c=0x${card.background.slice(1)}:s=${width}x${height}:r=${FRAME_RATE}`,
    ],
  ]
  const graph: string[] = []
  let base = '[0:v]'
  let textY = `(h-text_h)/2`
  if (card.logoPath) {
    const logo = join(dir, `${card.kind}-logo.png`)
    await sharp(card.logoPath)
      .resize({ width: Math.max(2, Math.round(short * LOGO_SHARE)) })
      .png()
      .toFile(logo)
    args.push('-loop', '1', '-i', logo)
    graph.push(
      `[1:v]format=rgba[logo]`,
      `${base}[logo]overlay=x=(W-w)/2:y=(H-h)/2-h/3:shortest=1[card]`
    )
    base = '[card]'
    textY = `h/2+${Math.round(short * LOGO_SHARE * 0.75)}`
  }
  graph.push(
    `${base}${[
      `drawtext=fontfile=${filterValue(FONT_FILE)}:textfile=${filterValue(textPath)}:expansion=none`,
      `fontsize=${fontSize}:fontcolor=0x${card.color.slice(1)}:x=(w-text_w)/2:y=${textY}`,
      `alpha='min(1,t/${REVEAL_SECONDS})'`,
    ].join(':')},setsar=1,format=yuv420p[out]`
  )
  const outputPath = join(dir, `${card.kind}.mp4`)
  await runFfmpeg(
    tools,
    [
      ...args,
      ...['-filter_complex', graph.join(';'), '-map', '[out]'],
      ...['-frames:v', String(frames), '-an'],
      ...H264_OUTPUT,
      ...H264_PIXELS,
      outputPath,
    ],
    { signal }
  )
  return outputPath
}
