import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import type { StyleId } from '#core/vocabulary'
import {
  ProviderError,
  sizeFor,
  type GeneratedImage,
  type ImageGenerator,
  type ImageRequest,
} from '#media/providers/contracts'
import { paintAnime } from '#media/providers/local/painters/anime'
import { paintCinematic } from '#media/providers/local/painters/cinematic'
import { paintCyberpunk } from '#media/providers/local/painters/cyberpunk'
import { paintNoir } from '#media/providers/local/painters/noir'
import { paintOilPainting } from '#media/providers/local/painters/oil_painting'
import { paintPixar } from '#media/providers/local/painters/pixar'
import { paintPixel } from '#media/providers/local/painters/pixel'
import { paintRealistic } from '#media/providers/local/painters/realistic'
import { paintGhibli } from '#media/providers/local/painters/studio_ghibli'
import { linear, rect, type Canvas, type Painter } from '#media/providers/local/painters/toolkit'
import { paintWatercolor } from '#media/providers/local/painters/watercolor'
import { hashString, Random } from '#media/providers/local/random'
import { paintMotifs } from '#media/providers/local/motifs/compose'

// A font file of our own: captions render the same with or without system fonts.
const FONT_FILE = fileURLToPath(import.meta.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))
const MIN_WIDTH = 16
const MAX_WIDTH = 7680
const CAPTION_LINES = 3
const JPEG_QUALITY = 84

/**
 * The offline image generator: a still per scene drawn as SVG, composed from
 * the subjects its words name (motifs/) in the style's colours, or the
 * style's own picture when they name none; shapes placed by a generator
 * seeded with the seed and the prompt, the scene's words as a quiet caption
 * at the bottom.
 */
export class LocalImageGenerator implements ImageGenerator {
  async generate(request: ImageRequest): Promise<GeneratedImage> {
    if (!(request.width >= MIN_WIDTH && request.width <= MAX_WIDTH)) {
      throw new ProviderError(`Image width ${request.width} is out of range`, 'rejected_input')
    }
    const { width, height } = sizeFor(request.aspectRatio, request.width)
    const caption =
      request.caption === false ? undefined : await renderCaption(request.sceneText, width, height)
    const canvas: Canvas = {
      width,
      height,
      unit: Math.min(width, height) / 100,
      random: new Random(hashString(`${request.seed}:${request.style}:${request.prompt}`)),
      captionBand: caption ? caption.height + 2 * caption.margin : 0,
    }

    const motifs = paintMotifs(canvas, request.style, request.sceneText)
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
      motifs ?? PAINTERS[request.style](canvas),
      caption && !OWN_CAPTION_BACKING.has(request.style) ? captionShade(canvas) : '',
      '</svg>',
    ].join('')

    const picture = Buffer.from(svg)
    const image = sharp(
      motifs && request.style === 'pixel' ? await pixelate(picture, width, height) : picture
    )
    if (caption) {
      image.composite([
        {
          input: caption.data,
          left: Math.round((width - caption.width) / 2),
          top: height - caption.margin - caption.height,
        },
      ])
    }
    const data = await image.jpeg({ quality: JPEG_QUALITY }).toBuffer()
    return { data, contentType: 'image/jpeg', width, height }
  }
}

/** Pixel art's hard squares: drawn at an eighth of the size, blown up without smoothing. */
async function pixelate(svg: Buffer, width: number, height: number) {
  const small = await sharp(svg)
    .resize(Math.max(1, Math.round(width / 8)), Math.max(1, Math.round(height / 8)), {
      kernel: 'nearest',
    })
    .png()
    .toBuffer()
  return sharp(small).resize(width, height, { kernel: 'nearest' }).png().toBuffer()
}

type Caption = { data: Buffer; width: number; height: number; margin: number }

/** White text at 90% over a soft shade, at most three lines, wrapped by Pango. */
async function renderCaption(text: string, width: number, height: number) {
  const clean = text.replace(/[\p{Cc}\s]+/gu, ' ').trim()
  if (!clean) return undefined

  const fontSize = Math.max(8, Math.round(Math.min(width, height) * 0.042))
  const wrapWidth = Math.round(width * 0.86)
  // DejaVu Sans averages a little over half an em per character.
  const maxCharacters = Math.floor(wrapWidth / (fontSize * 0.56)) * CAPTION_LINES
  const markup = `<span foreground="#ffffff" fgalpha="90%">${escapeXml(truncate(clean, maxCharacters))}</span>`
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `DejaVu Sans ${fontSize}`,
      fontfile: FONT_FILE,
      width: wrapWidth,
      align: 'centre',
      wrap: 'word-char',
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  // On a thumbnail-sized still three lines would cover the picture: leave them out.
  if (info.height > height / 2) return undefined
  const margin = Math.round(Math.min(width, height) * 0.06)
  return { data, width: info.width, height: info.height, margin } satisfies Caption
}

function truncate(text: string, maxCharacters: number) {
  const characters = [...text]
  if (characters.length <= maxCharacters) return text
  const cut = characters.slice(0, maxCharacters - 1).join('')
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > maxCharacters / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

function escapeXml(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** A darkening under the caption so it reads on any background. */
function captionShade({ width, height, captionBand }: Canvas) {
  const top = height - captionBand * 1.5
  return (
    linear('captionShade', [
      [0, '#000000', 0],
      [0.35, '#000000', 0.3],
      [1, '#000000', 0.55],
    ]) + rect(0, top, width, height - top, 'url(#captionShade)')
  )
}

// Cinematic letterbox bars are black already: the caption sits on the lower one.
const OWN_CAPTION_BACKING = new Set<StyleId>(['cinematic'])

const PAINTERS: Record<StyleId, Painter> = {
  'anime': paintAnime,
  'cinematic': paintCinematic,
  'realistic': paintRealistic,
  'pixel': paintPixel,
  'watercolor': paintWatercolor,
  'studio-ghibli': paintGhibli,
  'cyberpunk': paintCyberpunk,
  'pixar': paintPixar,
  'oil-painting': paintOilPainting,
  'noir': paintNoir,
}
