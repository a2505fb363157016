import type { RenderSize, TimedWord } from '#media/providers/contracts'
import {
  CAPTION_FONTS,
  CAPTION_SIZE_SCALE,
  CAPTION_STYLES,
  DEFAULT_CAPTIONS,
  type CaptionOptions,
} from '#media/render/caption_styles'
import {
  captionLocale,
  drawnOrder,
  graphemes,
  scriptWidth,
  joiner,
  joinWords,
  readsRightToLeft,
  splitUnspaced,
  type CaptionTypeface,
  type ScriptFont,
} from '#media/render/caption_scripts'

/**
 * One caption on screen: one or two lines, shown while its words are
 * spoken. `words` are its spoken words (display text, timings), `lines`
 * the same words as the lines they are drawn on (joined as their script is
 * written: Chinese, Japanese and Thai without spaces), `lineWords` how
 * many words each line holds.
 */
export type Caption = {
  lines: string[]
  lineWords: number[]
  startMs: number
  endMs: number
  words: TimedWord[]
}

/** Sizes in pixels, all from the shorter side so 9:16, 1:1 and 16:9 read alike. */
export type CaptionLayout = {
  fontSize: number
  outline: number
  shadow: number
  blur: number
  /** Numpad alignment: 2 bottom centre, 5 middle, 8 top. */
  alignment: 2 | 5 | 8
  /** From the bottom edge to the bottom of the last line (from the top edge when on top). */
  marginVertical: number
  marginLeft: number
  marginRight: number
  lineHeight: number
  /** Average characters (`lineUnits`) that fit on one line. */
  maxLineChars: number
  /** The frame's room for text: what a caption is shrunk to fit. */
  room: { width: number; height: number }
  /** The width of one average character in pixels: `lineUnits` times this is a line's width. */
  charWidth: number
  /** The style font's `widthScale`: text in a script's own font is measured against it. */
  widthScale: number
}

// A caption stays up across a pause shorter than this rather than blinking off.
const BRIDGE_MS = 400
// A caption never holds words either side of a pause this long: two scenes' words are
// always at least this far apart (SPEECH_GAP_MS), so no caption runs across a cut.
const PAUSE_MS = 200
// A sentence ends on these (with closing quotes or brackets after): Latin, CJK, Arabic, Devanagari.
const SENTENCE_END = /[.!?…。！？؟।॥]["'”’」』)\]]*$/
// A clause ends on these: Latin, CJK, Arabic.
const CLAUSE_END = /[,;:、，；：،؛]["'”’」』)]*$/
// NUL, line breaks and the like: a word keeps none of them.
// eslint-disable-next-line no-control-regex -- the control characters are what is matched
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g
// DejaVu Sans Bold's average character, in em: a line is measured in these.
const AVERAGE_EM = 0.6
const ALIGNMENT = { bottom: 2, middle: 5, top: 8 } as const

/**
 * Where captions may go. On 9:16 the apps' own overlays cover the bottom
 * fifth, the top bar and the button column on the right (docs/product.md,
 * Captions): the margins keep clear of them.
 */
function safeArea({ width, height }: RenderSize) {
  if (height > width) {
    return {
      top: Math.round(height * 0.12),
      bottom: Math.round(height * 0.22),
      left: Math.round(width * 0.06),
      right: Math.round(width * 0.17),
    }
  }
  const side = Math.round(width * 0.06)
  return {
    top: Math.round(height * 0.08),
    bottom: Math.round(height * 0.12),
    left: side,
    right: side,
  }
}

export function captionLayout(size: RenderSize, options: CaptionOptions = DEFAULT_CAPTIONS) {
  const style = CAPTION_STYLES[options.style]
  const font = CAPTION_FONTS[options.font]
  const short = Math.min(size.width, size.height)
  const fontSize = Math.max(
    8,
    Math.round(short * style.fontShare * CAPTION_SIZE_SCALE[options.size])
  )
  const safe = safeArea(size)
  const charWidth = fontSize * font.widthScale * AVERAGE_EM
  const roomWidth = size.width - safe.left - safe.right
  const tenth = (value: number) => Math.round(value * 10) / 10
  return {
    fontSize,
    outline: style.outlineEm ? Math.max(1, tenth(fontSize * style.outlineEm)) : 0,
    shadow: tenth(fontSize * style.shadowEm),
    blur: style.blur ? tenth((fontSize * style.blur) / 25) : 0,
    alignment: ALIGNMENT[options.position],
    marginVertical: options.position === 'top' ? safe.top : safe.bottom,
    marginLeft: safe.left,
    marginRight: safe.right,
    lineHeight: Math.round(fontSize * 1.17),
    maxLineChars: Math.max(8, Math.floor(roomWidth / charWidth)),
    room: { width: roomWidth, height: size.height - safe.top - safe.bottom },
    charWidth,
    widthScale: font.widthScale,
  } satisfies CaptionLayout
}

/**
 * A spoken word as the words it is drawn as: without control characters
 * (NUL, line breaks), text written without spaces (Chinese, Japanese,
 * Thai) cut into the words its language has, sharing the spoken time by
 * their length; each trimmed, its inner spaces unbreakable so it stays one
 * word of its line, in capitals (the language's) when chosen.
 */
function displayWords(word: TimedWord, options: CaptionOptions, locale: string | undefined) {
  const pieces = splitUnspaced(word.text.replace(CONTROL_CHARACTERS, ' ').trim(), locale)
  const lengths = pieces.map((piece) => graphemes(piece, locale).length)
  const total = lengths.reduce((sum, length) => sum + length, 0) || 1
  const span = word.endMs - word.startMs
  let before = 0
  return pieces.map((piece, index) => {
    const clean = piece.replace(/\s+/g, '\u00a0')
    const startMs = word.startMs + Math.round((span * before) / total)
    before += lengths[index]
    const text = !options.uppercase
      ? clean
      : locale
        ? clean.toLocaleUpperCase(locale)
        : clean.toUpperCase()
    const endMs =
      index === pieces.length - 1 ? word.endMs : word.startMs + Math.round((span * before) / total)
    return { text, startMs, endMs }
  })
}

/** A character's advance in DejaVu Sans Bold, in em, by its kind (rounded up). */
function characterEm(character: string) {
  if (/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\p{Mn}\p{Me}]/u.test(character)) return 0
  if (/[MWmw@%]/.test(character)) return 1.05
  if (/[\s\u00a0ijlIft.,:;!'|()[\]]/.test(character)) return 0.42
  if (/\p{Lu}/u.test(character)) return 0.82
  if (/[\p{Ll}\p{N}]/u.test(character)) return 0.7
  // Arabic letters mostly join and run narrow (Noto Sans Arabic Bold's forms average 0.65 em).
  if (/\p{Script=Arabic}/u.test(character)) return 0.6
  // Emoji, CJK and the like run square.
  return (character.codePointAt(0) ?? 0) >= 0x2e80 ? 1.15 : 0.75
}

/**
 * A line's width in average characters (AVERAGE_EM) of a font `widthScale`
 * as wide as DejaVu Sans Bold: about its length for ordinary text. Scripts
 * drawn in their own font (caption_scripts.ts) keep their own width.
 */
export function lineUnits(text: string, widthScale = 1) {
  let em = 0
  for (const character of text) em += characterEm(character) * scriptWidth(character, widthScale)
  return em / AVERAGE_EM
}

/**
 * Groups the spoken words into short captions: sentences (and runs between
 * pauses, so a caption stays within its scene) first, then clauses, then
 * runs of the style's length, each at most two lines wide.
 * Captions after `durationMs` are dropped, the last one is cut there.
 * `locale` (BCP-47: 'en', 'ar', 'ja', 'zh-Hans') is the language spoken:
 * words written without spaces are found with its dictionary
 * (Intl.Segmenter) and capitals are its own; without it the text decides.
 */
export function captionsFor(
  words: TimedWord[],
  size: RenderSize,
  durationMs: number,
  options: CaptionOptions = DEFAULT_CAPTIONS,
  locale?: string
): Caption[] {
  const language = captionLocale(locale)
  const { maxLineChars, widthScale } = captionLayout(size, options)
  const measure = (text: string) => lineUnits(text, widthScale)
  const { target, most } = CAPTION_STYLES[options.style].words
  const spoken = words
    .filter((word) => word.startMs < durationMs)
    .flatMap((word) => displayWords(word, options, language))
    .filter((word) => word.text)
    .flatMap((word) => cutLongWord(word, maxLineChars, measure, language))
  const groups = splitAfter(
    spoken,
    (word, next) => SENTENCE_END.test(word.text) || next.startMs - word.endMs >= PAUSE_MS
  )
    .flatMap((sentence) =>
      mergeShort(
        splitAfter(sentence, (word) => CLAUSE_END.test(word.text)),
        Math.min(3, most),
        most
      )
    )
    .flatMap((group) => balance(group, target, most))
    .flatMap((group) => fitTwoLines(group, maxLineChars, measure))

  return groups.map((group, index) => {
    const next = groups[index + 1]
    let endMs = Math.min(group[group.length - 1].endMs, durationMs)
    if (next && next[0].startMs - endMs < BRIDGE_MS) endMs = next[0].startMs
    const lines = wrapWords(
      group.map((word) => word.text),
      maxLineChars,
      measure
    )
    return {
      lines: lines.map(joinWords),
      lineWords: lines.map((line) => line.length),
      startMs: group[0].startMs,
      endMs: Math.max(endMs, group[0].startMs + 1),
      words: group,
    }
  })
}

/**
 * A word wider than a line (a long URL, a run of letters) is cut into
 * pieces that fit, between the characters a reader sees (a letter keeps
 * its marks), sharing its spoken time in turn, so it wraps rather than
 * shrinking its caption to nothing.
 */
function cutLongWord(
  word: TimedWord,
  maxLineChars: number,
  measure: Measure,
  locale: string | undefined
): TimedWord[] {
  if (measure(word.text) <= maxLineChars) return [word]
  const pieces: string[] = ['']
  for (const character of graphemes(word.text, locale)) {
    const last = pieces.length - 1
    if (pieces[last] && measure(pieces[last] + character) > maxLineChars) pieces.push(character)
    else pieces[last] += character
  }
  const share = (word.endMs - word.startMs) / pieces.length
  return pieces.map((text, index) => ({
    text,
    startMs: Math.round(word.startMs + index * share),
    endMs: Math.round(word.startMs + (index + 1) * share),
  }))
}

/** Runs of words, each ending where `ends` says (given the word and the one after it). */
function splitAfter(words: TimedWord[], ends: (word: TimedWord, next: TimedWord) => boolean) {
  const groups: TimedWord[][] = []
  let current: TimedWord[] = []
  for (const [index, word] of words.entries()) {
    current.push(word)
    if (index + 1 < words.length && ends(word, words[index + 1])) {
      groups.push(current)
      current = []
    }
  }
  if (current.length) groups.push(current)
  return groups
}

/** A clause shorter than `fewest` words joins its neighbour when the two stay within `most`. */
function mergeShort(clauses: TimedWord[][], fewest: number, most: number) {
  const merged: TimedWord[][] = []
  for (const clause of clauses) {
    const last = merged[merged.length - 1]
    const short = last && (last.length < fewest || clause.length < fewest)
    if (short && last.length + clause.length <= most) last.push(...clause)
    else merged.push([...clause])
  }
  return merged
}

/** Long runs split into equal parts of about `target` (12 words: 4 + 4 + 4, not 5 + 5 + 2). */
function balance(group: TimedWord[], target: number, most: number) {
  const parts = Math.ceil(group.length / target)
  if (group.length <= most || parts <= 1) return [group]
  const size = group.length / parts
  return Array.from({ length: parts }, (_, part) =>
    group.slice(Math.round(part * size), Math.round((part + 1) * size))
  )
}

function fitTwoLines(group: TimedWord[], maxLineChars: number, measure: Measure): TimedWord[][] {
  const lines = wrapWords(
    group.map((word) => word.text),
    maxLineChars,
    measure
  )
  if (lines.length <= 2 || group.length === 1) return [group]
  const half = Math.ceil(group.length / 2)
  return [
    ...fitTwoLines(group.slice(0, half), maxLineChars, measure),
    ...fitTwoLines(group.slice(half), maxLineChars, measure),
  ]
}

type Measure = (text: string) => number

/**
 * One line when it fits, else two of balanced length; more only for words
 * too long to fit. Lines break only between words (so Chinese, Japanese
 * and Thai between the words their dictionary finds) and are measured in
 * characters, or by `measure`.
 */
export function wrap(
  texts: string[],
  maxLineChars: number,
  measure: Measure = (text) => text.length
): string[] {
  return wrapWords(texts, maxLineChars, measure).map(joinWords)
}

/** `wrap`, keeping each line's words apart. */
function wrapWords(texts: string[], maxLineChars: number, measure: Measure): string[][] {
  const width = (line: string[]) => measure(joinWords(line))
  if (width(texts) <= maxLineChars || texts.length === 1) return [texts]
  let best: string[][] | undefined
  for (let cut = 1; cut < texts.length; cut++) {
    const lines = [texts.slice(0, cut), texts.slice(cut)]
    const longest = Math.max(...lines.map(width))
    if (longest <= maxLineChars && (!best || longest < Math.max(...best.map(width)))) {
      best = lines
    }
  }
  return best ?? greedy(texts, maxLineChars, width)
}

function greedy(texts: string[], maxLineChars: number, width: (line: string[]) => number) {
  const lines: string[][] = []
  for (const text of texts) {
    const last = lines[lines.length - 1]
    if (last && width([...last, text]) <= maxLineChars) last.push(text)
    else lines.push([text])
  }
  return lines
}

/** `#RRGGBB` as ASS writes it: `&HAABBGGRR`, opaque unless `alpha` says otherwise. */
function assColour(hex: string, alpha = '00') {
  const [r, g, b] = [1, 3, 5].map((at) => hex.slice(at, at + 2).toUpperCase())
  return `&H${alpha}${b}${g}${r}`
}

/** How a document's words are drawn beyond its style: fonts per script, and the language. */
export type CaptionText = {
  /** Which font draws each stretch of a word (caption_scripts.ts); without it, the style's font. */
  typeface?: CaptionTypeface
  /** BCP-47: whether lines read right to left (Arabic, Hebrew) when the text alone cannot tell. */
  locale?: string
  /** libass shapes with FriBidi alone (no HarfBuzz): Devanagari is written in its drawn order. */
  simpleShaper?: boolean
}

/**
 * An Advanced SubStation file drawing `captions` in the chosen style, sized
 * in output pixels. Every highlight is its own event timed to its word, so
 * the spoken word changes at the centisecond it is spoken; the text in the
 * events is escaped so no word can open an override tag. Right-to-left
 * captions are laid out by libass's bidi (FriBidi), each line a paragraph
 * opened by a right-to-left mark: the first word spoken is the right-most,
 * punctuation sits on the side its language puts it.
 */
export function assDocument(
  captions: Caption[],
  size: RenderSize,
  options: CaptionOptions = DEFAULT_CAPTIONS,
  text: CaptionText = {}
) {
  const layout = captionLayout(size, options)
  const style = CAPTION_STYLES[options.style]
  const font = CAPTION_FONTS[options.font]
  const locale = captionLocale(text.locale)
  const drawn = captions.map((caption) => ({
    caption,
    rightToLeft: readsRightToLeft(caption.words.map((word) => word.text).join(' '), locale),
  }))
  const words = wordMarkup(font.family, layout.fontSize, text)
  const common = {
    Fontname: font.family,
    Fontsize: layout.fontSize,
    PrimaryColour: assColour(options.textColor),
    SecondaryColour: assColour(options.highlightColor),
    // Minimal's hairline outline is the text's own colour: only its shadow is soft.
    OutlineColour: options.style === 'minimal' ? assColour(options.textColor) : '&H00000000',
    BackColour: options.style === 'minimal' ? '&H60000000' : '&H80000000',
    Bold: font.bold ? -1 : 0,
    Italic: 0,
    Underline: 0,
    StrikeOut: 0,
    ScaleX: 100,
    ScaleY: 100,
    Spacing: 0,
    Angle: 0,
    BorderStyle: 1,
    Outline: layout.outline,
    Shadow: layout.shadow,
    Alignment: layout.alignment,
    MarginL: layout.marginLeft,
    MarginR: layout.marginRight,
    MarginV: layout.marginVertical,
    // -1: libass takes each line's direction from its first strong character (the mark we open it with).
    Encoding: drawn.some((line) => line.rightToLeft) ? -1 : 1,
  }
  const styles = [
    { Name: 'Caption', ...common },
    // The box under the spoken word: an opaque box in the highlight colour, its padding the outline.
    {
      Name: 'Box',
      ...common,
      OutlineColour: assColour(options.highlightColor),
      BackColour: '&HFF000000',
      BorderStyle: 3,
      Outline: Math.max(1, Math.round(layout.fontSize * 0.16)),
      Shadow: 0,
    },
  ]
  const events = drawn.flatMap(({ caption, rightToLeft }) =>
    captionEvents(caption, layout, options, style, (markup) =>
      lineText(caption, words, markup, rightToLeft)
    )
  )
  const fields = Object.keys(styles[0])
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${size.width}`,
    `PlayResY: ${size.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    `Format: ${fields.join(', ')}`,
    ...styles.map(
      (line) => `Style: ${fields.map((field) => line[field as keyof typeof line]).join(',')}`
    ),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n')
}

type Event = { layer?: number; style?: string; startMs: number; endMs: number; text: string }

function dialogue({ layer = 0, style = 'Caption', startMs, endMs, text }: Event) {
  return `Dialogue: ${layer},${assTime(startMs)},${assTime(endMs)},${style},,0,0,0,,${text}`
}

type Markup = (text: string, index: number) => string

/**
 * A word as ASS text: escaped, each stretch in a script the style's font
 * lacks wrapped in its own font (`\fn`, at its size) and back; Devanagari
 * in its drawn order for a libass without HarfBuzz.
 */
function wordMarkup(
  family: string,
  fontSize: number,
  { typeface, locale, simpleShaper }: CaptionText
) {
  if (!typeface) return assText
  const ordered = (run: string, font: ScriptFont) =>
    simpleShaper && font.id === 'devanagari' ? drawnOrder(run, captionLocale(locale)) : run
  const size = (scale: number, back: boolean) =>
    scale === 1 ? '' : `\\fs${Math.round(back ? fontSize : fontSize * scale)}`
  return (text: string) =>
    typeface
      .runs(text)
      .map(({ text: run, font }) =>
        font
          ? `{\\fn${font.family}${size(font.scale, false)}}${assText(ordered(run, font))}` +
            `{\\fn${family}${size(font.scale, true)}}`
          : assText(run)
      )
      .join('')
}

/**
 * The caption's words as lines, joined as their script is written, each
 * word passed through `markup`; a right-to-left line opens with a
 * right-to-left mark, so it reads so even when it starts with a Latin name.
 */
function lineText(
  caption: Caption,
  words: (text: string) => string,
  markup: Markup,
  rightToLeft: boolean
) {
  let index = 0
  return caption.lineWords
    .map((count) => {
      let line = rightToLeft ? '\u200f' : ''
      for (const first = index; index < first + count; index++) {
        const text = caption.words[index].text
        if (index > first) line += joiner(caption.words[index - 1].text, text)
        line += markup(words(text), index)
      }
      return line
    })
    .join('\\N')
}

/**
 * Shrinks a caption that would not fit the frame's room (a very long word,
 * a wide font): the planned width of its longest line and its height.
 */
export function fitScale(caption: Caption, layout: CaptionLayout) {
  const widest =
    Math.max(...caption.lines.map((line) => lineUnits(line, layout.widthScale))) * layout.charWidth
  const tall = caption.lines.length * layout.lineHeight
  return Math.min(1, layout.room.width / widest, layout.room.height / tall)
}

/** Each word's turn: from its start until the next word starts (the first from the caption's start). */
function wordTurns(caption: Caption) {
  return caption.words.map((word, index) => ({
    startMs: index === 0 ? caption.startMs : word.startMs,
    endMs: index + 1 < caption.words.length ? caption.words[index + 1].startMs : caption.endMs,
  }))
}

function captionEvents(
  caption: Caption,
  layout: CaptionLayout,
  options: CaptionOptions,
  style: (typeof CAPTION_STYLES)[keyof typeof CAPTION_STYLES],
  linesOf: (markup: Markup) => string
): string[] {
  const scale = Math.floor(fitScale(caption, layout) * 100)
  const fit = scale < 100 ? `\\fscx${scale}\\fscy${scale}` : ''
  const blur = layout.blur ? `\\blur${layout.blur}` : ''
  const head = fit || blur ? `{${fit}${blur}}` : ''
  const highlight = `{\\1c${assColour(options.highlightColor)}}`
  const plain = (text: string) => text
  /** One event per spoken word (while it is spoken), each word of the caption marked by `mark`. */
  const spokenTurns = (mark: (text: string, index: number, spoken: number) => string) =>
    wordTurns(caption).flatMap((turn, spoken) =>
      turn.endMs > turn.startMs
        ? [
            dialogue({
              ...turn,
              text: head + linesOf((text, index) => mark(text, index, spoken)),
            }),
          ]
        : []
    )

  switch (style.highlight) {
    case 'none':
      return [dialogue({ ...caption, text: head + linesOf(plain) })]
    case 'colour':
      return spokenTurns((text, index, spoken) =>
        index === spoken ? `${highlight}${text}{\\r}` : text
      )
    case 'two-colours': {
      const keyword = keywordOf(caption)
      const second = `{\\1c${assColour(style.keywordColor ?? options.highlightColor)}}`
      return spokenTurns((text, index, spoken) =>
        index === spoken
          ? `${highlight}${text}{\\r}`
          : index === keyword
            ? `${second}${text}{\\r}`
            : text
      )
    }
    case 'box': {
      const hidden = '{\\alpha&HFF&}'
      const shown = '{\\alpha&H00&}'
      const boxes = wordTurns(caption).flatMap((turn, spoken) =>
        turn.endMs > turn.startMs
          ? [
              dialogue({
                ...turn,
                layer: 1,
                style: 'Box',
                text:
                  `{${fit}\\blur${Math.max(1, Math.round(layout.fontSize * 0.05))}}${hidden}` +
                  linesOf((text, index) => (index === spoken ? `${shown}${text}${hidden}` : text)),
              }),
            ]
          : []
      )
      return [dialogue({ ...caption, text: head + linesOf(plain) }), ...boxes]
    }
    case 'pop': {
      const from = Math.round(scale * 0.7)
      const pop = `{\\fscx${from}\\fscy${from}\\t(0,90,\\fscx${scale}\\fscy${scale})${blur}}`
      return [dialogue({ ...caption, text: pop + linesOf(plain) })]
    }
  }
}

/** The caption's key word: its longest of five letters or more, when it has one. */
function keywordOf(caption: Caption) {
  let best = -1
  let longest = 4
  caption.words.forEach((word, index) => {
    const letters = word.text.replace(/[^\p{L}\p{N}]/gu, '').length
    if (letters > longest) {
      best = index
      longest = letters
    }
  })
  return best
}

function assTime(ms: number) {
  const centiseconds = Math.round(ms / 10)
  const hours = Math.floor(centiseconds / 360_000)
  const minutes = Math.floor(centiseconds / 6000) % 60
  const seconds = Math.floor(centiseconds / 100) % 60
  const two = (value: number) => String(value).padStart(2, '0')
  return `${hours}:${two(minutes)}:${two(seconds)}.${two(centiseconds % 100)}`
}

/**
 * Spoken text as ASS draws it and nothing more: braces would open override
 * tags and backslashes escapes (`\N`, `\h`); control characters (NUL, line
 * breaks) would end the event's line.
 */
export function assText(text: string) {
  return text
    .replace(/\\/g, '/')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(CONTROL_CHARACTERS, '')
}
