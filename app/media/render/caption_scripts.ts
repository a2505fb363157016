import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CAPTION_FONTS, type CaptionFont, type CaptionFontId } from '#media/render/caption_styles'
import { fontCoverage, type FontCoverage } from '#media/render/font_coverage'

/*
 * Captions in every writing system (docs/captions-languages.md): the fonts
 * that draw the scripts a style's own font lacks, where a caption's lines
 * may break, and which way they read. Keyed by the text itself and, where
 * the text cannot tell (Han in Japanese or in Chinese), by the locale.
 */

/** A font that draws a script a caption style's own font lacks. */
export type ScriptFont = {
  id: ScriptFontId
  /** The family libass looks the file up by (`\fn`). */
  family: string
  file: string
  /** The licence shipped beside the file. */
  licence: string
  /** Its size against the style's: Arabic letters sit small in their em, and are drawn larger. */
  scale: number
}

export const SCRIPT_FONT_IDS = [
  'arabic',
  'hebrew',
  'devanagari',
  'thai',
  'japanese',
  'korean',
  'chinese',
  'emoji',
  'sans',
] as const
export type ScriptFontId = (typeof SCRIPT_FONT_IDS)[number]

function expoFont(id: ScriptFontId, name: string, family: string, scale = 1): ScriptFont {
  const folder = `@expo-google-fonts/${name}`
  const file = `${family.replace(/ /g, '')}_700Bold.ttf`
  return {
    id,
    family,
    file: fileURLToPath(import.meta.resolve(`${folder}/700Bold/${file}`)),
    licence: fileURLToPath(import.meta.resolve(`${folder}/LICENSE_FONT`)),
    scale,
  }
}

/** The @embedpdf packages export only their script: the fonts sit one folder above it. */
function embedpdfFont(id: ScriptFontId, name: string, family: string, file: string): ScriptFont {
  const root = join(dirname(fileURLToPath(import.meta.resolve(`@embedpdf/${name}`))), '..')
  return { id, family, file: join(root, 'fonts', file), licence: join(root, 'LICENSE'), scale: 1 }
}

/** One bold face per script: captions are bold whatever the style. */
export const SCRIPT_FONTS: Record<ScriptFontId, ScriptFont> = {
  arabic: expoFont('arabic', 'noto-sans-arabic', 'Noto Sans Arabic', 1.2),
  hebrew: expoFont('hebrew', 'noto-sans-hebrew', 'Noto Sans Hebrew'),
  devanagari: expoFont('devanagari', 'noto-sans-devanagari', 'Noto Sans Devanagari'),
  thai: expoFont('thai', 'noto-sans-thai', 'Noto Sans Thai'),
  japanese: embedpdfFont('japanese', 'fonts-jp', 'Noto Sans Japanese', 'NotoSansJP-Bold.otf'),
  korean: embedpdfFont('korean', 'fonts-kr', 'Noto Sans Korean', 'NotoSansKR-Bold.otf'),
  chinese: embedpdfFont('chinese', 'fonts-sc', 'Noto Sans S Chinese', 'NotoSansHans-Bold.otf'),
  emoji: expoFont('emoji', 'noto-emoji', 'Noto Emoji'),
  // Latin, Greek and Cyrillic a display font lacks (Greek in Montserrat, accents in Bangers).
  sans: {
    id: 'sans',
    family: CAPTION_FONTS['dejavu-sans'].family,
    file: CAPTION_FONTS['dejavu-sans'].file,
    licence: CAPTION_FONTS['dejavu-sans'].licence,
    scale: 1,
  },
}

/** Scripts drawn in their own font whatever the style's covers, so every style shapes them alike. */
const SCRIPT_OF: [RegExp, ScriptFontId | 'han'][] = [
  [/\p{Script=Arabic}/u, 'arabic'],
  [/\p{Script=Hebrew}/u, 'hebrew'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
  [/\p{Script=Thai}/u, 'thai'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u, 'japanese'],
  [/\p{Script=Hangul}/u, 'korean'],
  [/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u, 'han'],
  [/[\p{Extended_Pictographic}\p{Regional_Indicator}]/u, 'emoji'],
]
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u
/** Letters of scripts that take the style's font when it has them. */
const STYLE_LETTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u
/** Characters that draw nothing: joiners, variation selectors, direction marks. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufe00-\ufe0f\ufeff]/u
/** Scripts written without spaces between words: their lines may break between any two words. */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303f\uff00-\uffef]/u
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u
const STRONG_LETTER = /\p{L}/u
const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv'])

/**
 * The locale as Intl reads it (`zh-Hans`, `pt-BR`), or undefined for none
 * or one Intl does not know: captions then follow the text alone.
 */
export function captionLocale(locale: string | undefined): string | undefined {
  if (!locale) return undefined
  try {
    return Intl.getCanonicalLocales(locale)[0]
  } catch {
    return undefined
  }
}

function language(locale: string | undefined) {
  return locale?.split('-')[0].toLowerCase()
}

/**
 * Whether a caption reads right to left: it has Arabic or Hebrew letters
 * and the locale's language is written so, or without a locale, its first
 * letter is one of them.
 */
export function readsRightToLeft(text: string, locale: string | undefined) {
  if (!RTL_LETTER.test(text)) return false
  const spoken = language(locale)
  if (spoken) return RTL_LANGUAGES.has(spoken)
  for (const character of text) {
    if (STRONG_LETTER.test(character)) return RTL_LETTER.test(character)
  }
  return false
}

const segmenters = new Map<string, { words: Intl.Segmenter; graphemes: Intl.Segmenter }>()

function segmenter(locale: string | undefined) {
  const key = locale ?? ''
  let found = segmenters.get(key)
  if (!found) {
    found = {
      words: new Intl.Segmenter(locale, { granularity: 'word' }),
      graphemes: new Intl.Segmenter(locale, { granularity: 'grapheme' }),
    }
    segmenters.set(key, found)
  }
  return found
}

/** The characters as a reader sees them: a base with its marks, an emoji with its joiners. */
export function graphemes(text: string, locale?: string) {
  return Array.from(segmenter(locale).graphemes.segment(text), (part) => part.segment)
}

/**
 * Text written without spaces (Chinese, Japanese, Thai) as the words the
 * language's dictionary finds (Intl.Segmenter), each keeping the
 * punctuation that follows it; text with spaces, one word per call.
 */
export function splitUnspaced(text: string, locale?: string): string[] {
  if (!UNSPACED.test(text)) return [text]
  const words: string[] = []
  let leading = ''
  for (const part of segmenter(locale).words.segment(text)) {
    if (part.isWordLike) words.push(leading + part.segment)
    else if (words.length) words[words.length - 1] += part.segment
    else leading += part.segment
    if (part.isWordLike) leading = ''
  }
  if (leading) words.push(leading)
  return words.map((word) => word.trim()).filter(Boolean)
}

/**
 * What goes between two words of a line: nothing where either side is
 * written without spaces (Chinese, Japanese, Thai), else a space.
 */
export function joiner(before: string, after: string) {
  const last = Array.from(before).pop() ?? ''
  const first = Array.from(after)[0] ?? ''
  return UNSPACED.test(last) || UNSPACED.test(first) ? '' : ' '
}

/** Words as one line, joined as their scripts are written. */
export function joinWords(texts: string[]) {
  return texts.reduce(
    (line, text, index) => (index ? line + joiner(texts[index - 1], text) + text : text),
    ''
  )
}

/**
 * How much wider than the style's font a character is drawn: by its
 * script's own font's scale, against the style's `widthScale`; 1 for a
 * character in the style's font.
 */
export function scriptWidth(character: string, widthScale: number) {
  const script = SCRIPT_OF.find(([pattern]) => pattern.test(character))?.[1]
  if (!script) return 1
  return (script === 'han' ? 1 : SCRIPT_FONTS[script].scale) / widthScale
}

/**
 * Devanagari text in the order a shaper without HarfBuzz draws it right:
 * the vowel sign ि (U+093F) is written after its consonants and drawn
 * before them, so each letter (grapheme cluster: a conjunct with its signs)
 * that has it gets it moved to its front. HarfBuzz does this itself.
 */
export function drawnOrder(text: string, locale?: string) {
  if (!text.includes('\u093f')) return text
  return graphemes(text, locale)
    .map((letter) => (letter.includes('\u093f') ? `\u093f${letter.replace('\u093f', '')}` : letter))
    .join('')
}

/** A stretch of a word drawn in one font: `font` undefined is the style's own. */
export type FontRun = { text: string; font?: ScriptFont }

/**
 * Which font draws each character of a caption's text: its script's own
 * for Arabic, Hebrew, Devanagari, Thai, Kana, Hangul, Han (Japanese or
 * Chinese forms by the locale, else by whether the text has kana) and
 * emoji; the style's font for Latin, Greek and Cyrillic it has, DejaVu
 * Sans for those it lacks. Digits and punctuation stay in the font of the
 * script around them when it has them.
 */
export type CaptionTypeface = {
  font: CaptionFont
  runs(text: string): FontRun[]
  /** The script fonts the runs given so far have used: only these are given to libass. */
  usedFonts(): ScriptFont[]
}

/**
 * Reads the coverage of the style's font and of the script fonts `texts`
 * may need (only those), and answers how each text is drawn.
 */
export async function captionTypeface(
  fontId: CaptionFontId,
  texts: string[],
  locale?: string
): Promise<CaptionTypeface> {
  const font = CAPTION_FONTS[fontId]
  const all = texts.join(' ')
  const spoken = language(locale)
  const han: ScriptFontId =
    spoken === 'ja'
      ? 'japanese'
      : spoken === 'ko'
        ? 'korean'
        : spoken === 'zh' || !KANA.test(all)
          ? 'chinese'
          : 'japanese'
  const wanted = new Set<ScriptFontId>(['sans'])
  for (const character of new Set(all)) {
    const script = scriptFontOf(character, han)
    if (script) wanted.add(script)
  }
  const covers = new Map<ScriptFontId | 'style', FontCoverage>(
    await Promise.all(
      [
        ['style', font.file] as const,
        ...[...wanted].map((id) => [id, SCRIPT_FONTS[id].file] as const),
      ].map(async ([id, file]) => [id, await fontCoverage(file)] as const)
    )
  )
  const has = (id: ScriptFontId | 'style', cluster: string) => {
    const coverage = covers.get(id)
    return Boolean(coverage) && visible(cluster).every((point) => coverage!(point))
  }
  const used = new Set<ScriptFontId>()
  // A word is drawn once per event of its caption (once per word in karaoke): planned once.
  const planned = new Map<string, FontRun[]>()

  const clusterFont = (
    cluster: string,
    current: ScriptFontId | 'style'
  ): ScriptFontId | 'style' => {
    const script = scriptFontOf(cluster, han)
    if (script) return script
    if (!STYLE_LETTER.test(cluster) && current !== 'style' && current !== 'emoji') {
      if (has(current, cluster)) return current
    }
    if (has('style', cluster)) return 'style'
    return has('sans', cluster) ? 'sans' : 'style'
  }

  return {
    font,
    usedFonts: () => [...used].map((id) => SCRIPT_FONTS[id]),
    runs(text) {
      const known = planned.get(text)
      if (known) return known
      const runs: { text: string; id: ScriptFontId | 'style' }[] = []
      let current: ScriptFontId | 'style' = 'style'
      for (const cluster of graphemes(text, locale)) {
        current = clusterFont(cluster, current)
        const last = runs[runs.length - 1]
        if (last && last.id === current) last.text += cluster
        else runs.push({ text: cluster, id: current })
      }
      const drawn = runs.map((run) => {
        if (run.id === 'style') return { text: run.text }
        used.add(run.id)
        return { text: run.text, font: SCRIPT_FONTS[run.id] }
      })
      planned.set(text, drawn)
      return drawn
    },
  }
}

function scriptFontOf(cluster: string, han: ScriptFontId): ScriptFontId | undefined {
  const base = Array.from(cluster).find((character) => !INVISIBLE.test(character)) ?? ''
  const found = SCRIPT_OF.find(([pattern]) => pattern.test(base))?.[1]
  return found === 'han' ? han : found
}

/** The code points a cluster draws (joiners and selectors need no glyph of their own). */
function visible(cluster: string) {
  return Array.from(cluster)
    .filter((character) => !INVISIBLE.test(character))
    .map((character) => character.codePointAt(0)!)
}
