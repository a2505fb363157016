import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import sharp from 'sharp'
import type { RenderSize } from '#media/providers/contracts'
import { assDocument, captionLayout, fitScale, type Caption } from '#media/render/captions'
import { CAPTION_FONTS, DEFAULT_CAPTIONS, type CaptionOptions } from '#media/render/caption_styles'
import { captionTypeface, type CaptionTypeface } from '#media/render/caption_scripts'
import { libassShaper } from '#media/ffmpeg/binaries'
import { SCENE_SECONDS } from '#media/render/types'

// Our own font files: text looks the same with or without system fonts.
const FONT_FILE = CAPTION_FONTS['dejavu-sans'].file
const WATERMARK_TEXT = 'Reelforge'
// DejaVu Sans descends 0.24 em below the baseline.
const DESCENT_EM = 0.24
const DEVANAGARI = /\p{Script=Devanagari}/u

export type CaptionMode = 'subtitles' | 'drawtext' | 'none'

/** A brand kit's logo on every frame (docs/product.md, Brand kits). */
export type LogoOverlay = {
  /** The logo's file (PNG keeps its transparency, or JPEG). */
  path: string
  corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'
  /** Its width, in % of the frame's shorter side. */
  size: number
  /** 10–100 %. */
  opacity: number
}

/** What is drawn over the moving pictures: captions, the brand's logo and the watermark. */
export type Overlays = {
  captionMode: CaptionMode
  /** The filter chain for clip `index`, in the clip's own time; undefined when nothing shows. */
  forClip(index: number): string | undefined
  /** Environment for the ffmpeg running those filters (libass finds our font through it). */
  env: NodeJS.ProcessEnv | undefined
}

/**
 * Writes what the filters read (an ASS file, or one text file per caption
 * line for drawtext) into `dir`. Captions use libass (`subtitles`) when the
 * build has it, else `drawtext`, else none; clip `index` shifts its
 * timestamps to the video's time so one caption list serves every clip.
 */
export async function prepareOverlays(input: {
  captions: Caption[]
  /** How they look (default: the phrase style); drawtext draws every style as a phrase. */
  options?: CaptionOptions
  /** BCP-47, the language spoken: which Han forms, which way lines read (see captionsFor). */
  locale?: string
  /** The ffmpeg that draws them: asked how its libass shapes when a caption has Devanagari. */
  ffmpeg?: string
  size: RenderSize
  watermark: boolean
  logo?: LogoOverlay | null
  dir: string
  filters: ReadonlySet<string>
}): Promise<Overlays> {
  const { captions, size, watermark, dir, filters } = input
  const options = input.options ?? DEFAULT_CAPTIONS
  if (watermark && !filters.has('drawtext')) {
    throw new Error('This ffmpeg has no drawtext filter: it cannot draw the watermark')
  }
  const captionMode: CaptionMode =
    captions.length === 0 || options.style === 'none'
      ? 'none'
      : filters.has('subtitles')
        ? 'subtitles'
        : filters.has('drawtext')
          ? 'drawtext'
          : 'none'

  let drawCaptions: (fromMs: number, toMs: number) => string[] = () => []
  let env: NodeJS.ProcessEnv | undefined
  const typeface =
    captionMode === 'none'
      ? undefined
      : await captionTypeface(
          options.font,
          captions.flatMap((caption) => caption.lines),
          input.locale
        )
  if (captionMode === 'subtitles' && typeface) {
    const fontsDir = join(dir, 'fonts')
    await mkdir(fontsDir)
    const assPath = join(dir, 'captions.ass')
    const devanagari = captions.some((caption) => DEVANAGARI.test(caption.lines.join(' ')))
    const shaper =
      devanagari && input.ffmpeg !== undefined ? await libassShaper(input.ffmpeg) : null
    await writeFile(
      assPath,
      assDocument(captions, size, options, {
        typeface,
        locale: input.locale,
        simpleShaper: shaper === 'simple',
      })
    )
    // libass loads every font in fontsdir: give it only those the captions use.
    const fonts = [
      CAPTION_FONTS[options.font].file,
      ...typeface.usedFonts().map((font) => font.file),
    ]
    await Promise.all(
      [...new Set(fonts)].map((font) => symlink(font, join(fontsDir, basename(font))))
    )
    // A fontconfig of our own: no scan of system fonts, no warnings from an old libfontconfig.
    const fontconfig = join(dir, 'fonts.conf')
    const cacheDir = join(dir, 'fontcache')
    await writeFile(
      fontconfig,
      `<fontconfig><dir>${xml(fontsDir)}</dir><cachedir>${xml(cacheDir)}</cachedir></fontconfig>\n`
    )
    env = { FONTCONFIG_FILE: fontconfig }
    const files = `filename=${filterValue(assPath)}:fontsdir=${filterValue(fontsDir)}`
    // `subtitles` keeps libass on its simple shaper even where it has HarfBuzz; `ass` can ask for it
    // (docs/captions-languages.md, The ffmpeg builds).
    const filter =
      shaper === 'complex' && filters.has('ass')
        ? `ass=${files}:shaping=complex`
        : `subtitles=${files}`
    drawCaptions = (fromMs, toMs) =>
      captions.some((caption) => caption.startMs < toMs && caption.endMs > fromMs) ? [filter] : []
  } else if (captionMode === 'drawtext' && typeface) {
    const lines = await writeCaptionLines(captions, size, options, typeface, dir)
    drawCaptions = (fromMs, toMs) =>
      lines.filter((line) => line.startMs < toMs && line.endMs > fromMs).map((line) => line.filter)
  }

  const watermarkFilter = watermark ? watermarkDrawtext(size) : undefined
  const logoGraph = input.logo ? await logoOverlay(input.logo, size, dir, filters) : undefined
  return {
    captionMode,
    env,
    forClip(index) {
      const fromMs = index * SCENE_SECONDS * 1000
      const captionFilters = drawCaptions(fromMs, fromMs + SCENE_SECONDS * 1000)
      const chain = captionFilters.length
        ? [`setpts=PTS+${index * SCENE_SECONDS}/TB`, ...captionFilters, 'setpts=PTS-STARTPTS']
        : []
      // The logo under the watermark: on Free the watermark always shows (docs/decisions.md).
      if (logoGraph) chain.push(logoGraph)
      if (watermarkFilter) chain.push(watermarkFilter)
      return chain.length ? chain.join(',') : undefined
    },
  }
}

/**
 * drawtext has no per-line centring: one filter per line, baselines one
 * line height apart, placed as the style's position says; no highlight.
 * It has one font per filter: a line is drawn in the font most of its
 * characters need.
 */
async function writeCaptionLines(
  captions: Caption[],
  size: RenderSize,
  options: CaptionOptions,
  typeface: CaptionTypeface,
  dir: string
) {
  const layout = captionLayout(size, options)
  const lineFont = (text: string) => {
    const share = new Map<string, number>()
    for (const run of typeface.runs(text)) {
      const file = run.font?.file ?? typeface.font.file
      share.set(file, (share.get(file) ?? 0) + run.text.length)
    }
    return [...share].sort((a, b) => b[1] - a[1])[0]?.[0] ?? typeface.font.file
  }
  const border = Math.round(layout.outline)
  const shadow = Math.round(layout.shadow)
  const lines = captions.flatMap((caption, index) => {
    const fontSize = Math.max(4, Math.floor(layout.fontSize * fitScale(caption, layout)))
    const lineHeight = Math.round(fontSize * 1.17)
    const block = caption.lines.length * lineHeight
    const top =
      layout.alignment === 8
        ? layout.marginVertical
        : layout.alignment === 5
          ? Math.round((size.height - block) / 2)
          : size.height - layout.marginVertical - block
    return caption.lines.map((text, line) => ({
      text,
      font: lineFont(text),
      fontSize,
      path: join(dir, `caption-${index}-${line}.txt`),
      baseline: top + line * lineHeight + Math.round(fontSize * (1 - DESCENT_EM)),
      startMs: caption.startMs,
      endMs: caption.endMs,
    }))
  })
  await Promise.all(lines.map((line) => writeFile(line.path, line.text)))
  return lines.map((line) => ({
    startMs: line.startMs,
    endMs: line.endMs,
    filter: [
      `drawtext=fontfile=${filterValue(line.font)}`,
      `textfile=${filterValue(line.path)}`,
      'expansion=none',
      `fontsize=${line.fontSize}`,
      `fontcolor=0x${options.textColor.slice(1)}`,
      `borderw=${border}`,
      'bordercolor=black',
      `shadowx=${shadow}`,
      `shadowy=${shadow}`,
      'shadowcolor=black@0.5',
      `x=${layout.marginLeft}+(${layout.room.width}-text_w)/2`,
      // `ascent` is the line's own: subtracting it puts every baseline where we want it.
      `y=${line.baseline}-ascent`,
      `enable='gte(t,${line.startMs / 1000})*lt(t,${line.endMs / 1000})'`,
    ].join(':'),
  }))
}

/**
 * The logo, made once per render at its size on this frame with its opacity
 * in its alpha, then laid over each frame in its corner: a `movie` source
 * inside the scene's own filter chain, so the encode stays one pass.
 */
async function logoOverlay(
  logo: LogoOverlay,
  size: RenderSize,
  dir: string,
  filters: ReadonlySet<string>
) {
  if (!filters.has('movie') || !filters.has('overlay')) {
    throw new Error('This ffmpeg has no movie or overlay filter: it cannot draw the logo')
  }
  const short = Math.min(size.width, size.height)
  const width = Math.max(2, Math.round((short * logo.size) / 100))
  const { data, info } = await sharp(logo.path)
    .resize({ width, withoutEnlargement: false })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const alpha = logo.opacity / 100
  for (let index = 3; index < data.length; index += 4) data[index] = Math.round(data[index] * alpha)
  const path = join(dir, 'logo.png')
  await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toFile(path)
  const margin = Math.round(short * 0.04)
  const x = logo.corner.endsWith('left') ? `${margin}` : `W-w-${margin}`
  const y = logo.corner.startsWith('top') ? `${margin}` : `H-h-${margin}`
  // Blended in the frame's own yuv420p: an RGBA overlay would convert every frame (30 % slower).
  return `format=yuv420p[framed];movie=${filterValue(path)},format=yuva420p[logo];[framed][logo]overlay=x=${x}:y=${y}:format=yuv420`
}

/** "Reelforge" in the top-right corner, white at half opacity with a faint shadow. */
function watermarkDrawtext({ width, height }: RenderSize) {
  const short = Math.min(width, height)
  const fontSize = Math.max(10, Math.round(short * 0.042))
  const margin = Math.round(short * 0.04)
  const shadow = Math.max(1, Math.round(fontSize / 16))
  return [
    `drawtext=fontfile=${filterValue(FONT_FILE)}`,
    `text=${WATERMARK_TEXT}`,
    `fontsize=${fontSize}`,
    'fontcolor=white@0.55',
    `shadowx=${shadow}`,
    `shadowy=${shadow}`,
    'shadowcolor=black@0.35',
    `x=w-text_w-${margin}`,
    `y=${margin}`,
  ].join(':')
}

/**
 * A value inside a filter graph passes two parsers: the filter's options
 * (`\ ' :` are special) and then the graph's (`\ ' [ ] , ;`).
 */
export function filterValue(value: string) {
  const option = value.replace(/[\\':]/g, (character) => `\\${character}`)
  return option.replace(/[\\'[\],;]/g, (character) => `\\${character}`)
}

function xml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
