import { fileURLToPath } from 'node:url'

/*
 * The caption looks a creator chooses from (docs/product.md, Captions): a
 * style, and within it position, font, colours, size and case. Every look
 * is drawn by libass from the word timings; only `phrase` has a drawtext
 * twin for ffmpeg builds without libass.
 */

export const CAPTION_STYLE_IDS = [
  'phrase',
  'karaoke',
  'word',
  'boxed',
  'hook',
  'minimal',
  'none',
] as const
export type CaptionStyleId = (typeof CAPTION_STYLE_IDS)[number]

export const CAPTION_POSITIONS = ['top', 'middle', 'bottom'] as const
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number]

export const CAPTION_SIZES = ['S', 'M', 'L'] as const
export type CaptionSize = (typeof CAPTION_SIZES)[number]

export const CAPTION_FONT_IDS = [
  'dejavu-sans',
  'montserrat',
  'poppins',
  'oswald',
  'anton',
  'bebas-neue',
  'bangers',
] as const
export type CaptionFontId = (typeof CAPTION_FONT_IDS)[number]

/** `#RRGGBB`, as a colour input gives it. */
export const CAPTION_COLOUR = /^#[0-9a-fA-F]{6}$/

export type CaptionOptions = {
  style: CaptionStyleId
  position: CaptionPosition
  font: CaptionFontId
  textColor: string
  highlightColor: string
  size: CaptionSize
  uppercase: boolean
}

export type CaptionFont = {
  id: CaptionFontId
  name: string
  /** The family libass looks the file up by, and whether that face is the bold one. */
  family: string
  bold: boolean
  file: string
  /** The licence shipped beside the file. */
  licence: string
  /**
   * How wide its letters run against DejaVu Sans Bold's (captions.ts
   * measures lines in those): what a line is planned with so it never runs
   * off the frame.
   */
  widthScale: number
}

function fontFile(specifier: string) {
  return fileURLToPath(import.meta.resolve(specifier))
}

function googleFont(
  id: CaptionFontId,
  name: string,
  family: string,
  weight: string,
  bold: boolean,
  widthScale: number
): CaptionFont {
  const folder = `@expo-google-fonts/${id}`
  const file = `${name.replace(/ /g, '')}_${weight}.ttf`
  return {
    id,
    name,
    family,
    bold,
    file: fontFile(`${folder}/${weight}/${file}`),
    licence: fontFile(`${folder}/LICENSE_FONT`),
    widthScale,
  }
}

export const CAPTION_FONTS: Record<CaptionFontId, CaptionFont> = {
  'dejavu-sans': {
    id: 'dejavu-sans',
    name: 'DejaVu Sans',
    family: 'DejaVu Sans',
    bold: true,
    file: fontFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
    licence: fontFile('dejavu-fonts-ttf/LICENSE'),
    widthScale: 1,
  },
  'montserrat': googleFont(
    'montserrat',
    'Montserrat',
    'Montserrat ExtraBold',
    '800ExtraBold',
    false,
    1.1
  ),
  'poppins': googleFont('poppins', 'Poppins', 'Poppins', '700Bold', true, 1.02),
  'oswald': googleFont('oswald', 'Oswald', 'Oswald', '700Bold', true, 0.7),
  'anton': googleFont('anton', 'Anton', 'Anton', '400Regular', false, 0.68),
  'bebas-neue': googleFont('bebas-neue', 'Bebas Neue', 'Bebas Neue', '400Regular', false, 0.6),
  'bangers': googleFont('bangers', 'Bangers', 'Bangers', '400Regular', false, 0.8),
}

export type CaptionStyle = {
  id: CaptionStyleId
  name: string
  description: string
  /** Words a caption holds: about `target`, never more than `most`. */
  words: { target: number; most: number }
  /** Font size at size M, as a share of the frame's shorter side. */
  fontShare: number
  /** Outline and shadow in em; `blur` softens both (a style without an outline has a hairline of the text's colour, so the blur leaves the letters sharp). */
  outlineEm: number
  shadowEm: number
  blur: number
  /** How the word being spoken stands out. */
  highlight: 'none' | 'colour' | 'box' | 'two-colours' | 'pop'
  /** The colour for keywords, in `hook`'s second highlight. */
  keywordColor?: string
  defaults: Omit<CaptionOptions, 'style'>
}

const BASE = { position: 'bottom', size: 'M', uppercase: false, textColor: '#FFFFFF' } as const

export const CAPTION_STYLES: Record<CaptionStyleId, CaptionStyle> = {
  phrase: {
    id: 'phrase',
    name: 'Classic',
    description: 'A white bold phrase with a black outline near the bottom.',
    words: { target: 5, most: 6 },
    fontShare: 0.058,
    outlineEm: 0.09,
    shadowEm: 0.05,
    blur: 0,
    highlight: 'none',
    defaults: { ...BASE, font: 'dejavu-sans', highlightColor: '#FFE14D' },
  },
  karaoke: {
    id: 'karaoke',
    name: 'Karaoke',
    description: 'A short phrase; the word being spoken lights up in the highlight colour.',
    words: { target: 5, most: 6 },
    fontShare: 0.07,
    outlineEm: 0.1,
    shadowEm: 0.04,
    blur: 0,
    highlight: 'colour',
    defaults: { ...BASE, font: 'montserrat', highlightColor: '#FFE14D' },
  },
  word: {
    id: 'word',
    name: 'One word',
    description: 'One big word at a time in the centre, popping in as it is spoken.',
    words: { target: 1, most: 1 },
    fontShare: 0.14,
    outlineEm: 0.08,
    shadowEm: 0.04,
    blur: 0,
    highlight: 'pop',
    defaults: {
      ...BASE,
      position: 'middle',
      font: 'anton',
      uppercase: true,
      highlightColor: '#FFE14D',
    },
  },
  boxed: {
    id: 'boxed',
    name: 'Boxed word',
    description: 'The spoken word sits on a rounded colour box that moves from word to word.',
    words: { target: 4, most: 5 },
    fontShare: 0.07,
    outlineEm: 0.08,
    shadowEm: 0,
    blur: 0,
    highlight: 'box',
    defaults: { ...BASE, font: 'poppins', highlightColor: '#7C3AED' },
  },
  hook: {
    id: 'hook',
    name: 'Hook',
    description:
      'Bold capitals: the spoken word in the highlight, the key word in a second colour.',
    words: { target: 3, most: 4 },
    fontShare: 0.08,
    outlineEm: 0.11,
    shadowEm: 0.05,
    blur: 0,
    highlight: 'two-colours',
    keywordColor: '#3DF56B',
    defaults: {
      ...BASE,
      position: 'middle',
      font: 'montserrat',
      uppercase: true,
      highlightColor: '#FFE14D',
    },
  },
  minimal: {
    id: 'minimal',
    name: 'Minimal',
    description: 'Small text in the lower third, no outline, a soft shadow.',
    words: { target: 6, most: 8 },
    fontShare: 0.05,
    outlineEm: 0.02,
    shadowEm: 0.06,
    blur: 1,
    highlight: 'none',
    defaults: { ...BASE, font: 'poppins', highlightColor: '#FFE14D' },
  },
  none: {
    id: 'none',
    name: 'No captions',
    description: 'No burned-in captions (the SRT and VTT files are still made).',
    words: { target: 5, most: 6 },
    fontShare: 0.058,
    outlineEm: 0,
    shadowEm: 0,
    blur: 0,
    highlight: 'none',
    defaults: { ...BASE, font: 'dejavu-sans', highlightColor: '#FFE14D' },
  },
}

export const CAPTION_SIZE_SCALE: Record<CaptionSize, number> = { S: 0.8, M: 1, L: 1.25 }

/** Today's look, and every project's made before styles existed. */
export const DEFAULT_CAPTIONS: CaptionOptions = {
  style: 'phrase',
  ...CAPTION_STYLES.phrase.defaults,
}

/** Styles that need libass: without it (an ffmpeg with drawtext only) they are drawn as `phrase`. */
export function needsLibass(style: CaptionStyleId) {
  return style !== 'phrase' && style !== 'none'
}

/**
 * A style's defaults under whatever the creator chose; fields given as
 * undefined keep the style's own.
 */
export function captionOptions(
  chosen: Partial<CaptionOptions> & { style?: CaptionStyleId }
): CaptionOptions {
  const style = chosen.style ?? DEFAULT_CAPTIONS.style
  const defined = Object.fromEntries(
    Object.entries(chosen).filter(([, value]) => value !== undefined && value !== null)
  )
  return { ...CAPTION_STYLES[style].defaults, ...defined, style } as CaptionOptions
}
