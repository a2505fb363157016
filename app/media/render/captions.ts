import type { RenderSize, TimedWord } from '#media/providers/contracts'

/** One caption on screen: one or two lines, shown while its words are spoken. */
export type Caption = { lines: string[]; startMs: number; endMs: number }

/** Sizes in pixels, all from the shorter side so 9:16, 1:1 and 16:9 read alike. */
export type CaptionLayout = {
  fontSize: number
  outline: number
  shadow: number
  /** From the bottom edge to the bottom of the last line. */
  marginBottom: number
  marginSide: number
  lineHeight: number
  /** Characters that fit on one line, estimated from DejaVu Sans Bold's widths. */
  maxLineChars: number
}

const TARGET_WORDS = 5
const MIN_WORDS = 3
const MAX_WORDS = 6
// A caption stays up across a pause shorter than this rather than blinking off.
const BRIDGE_MS = 400
// A caption never holds words either side of a pause this long: two scenes' words are
// always at least this far apart (SPEECH_GAP_MS), so no caption runs across a cut.
const PAUSE_MS = 200
// DejaVu Sans Bold runs about 0.55 em a character in libass, 0.6 in drawtext: plan for the wider.
const CHAR_EM = 0.6

export function captionLayout({ width, height }: RenderSize): CaptionLayout {
  const fontSize = Math.max(8, Math.round(Math.min(width, height) * 0.058))
  const marginSide = Math.round(width * 0.06)
  return {
    fontSize,
    outline: Math.max(1, Math.round(fontSize * 0.09 * 10) / 10),
    shadow: Math.round(fontSize * 0.05 * 10) / 10,
    marginBottom: Math.round(height * 0.12),
    marginSide,
    lineHeight: Math.round(fontSize * 1.17),
    maxLineChars: Math.max(8, Math.floor((width - 2 * marginSide) / (fontSize * CHAR_EM))),
  }
}

/**
 * Groups the spoken words into short captions: sentences (and runs between
 * pauses, so a caption stays within its scene) first, then clauses, then
 * runs of about five words, each at most two lines wide.
 * Captions after `durationMs` are dropped, the last one is cut there.
 */
export function captionsFor(words: TimedWord[], size: RenderSize, durationMs: number): Caption[] {
  const { maxLineChars } = captionLayout(size)
  const spoken = words.filter((word) => word.text.trim() && word.startMs < durationMs)
  const groups = splitAfter(
    spoken,
    (word, next) => /[.!?…]["'”’)\]]*$/.test(word.text) || next.startMs - word.endMs >= PAUSE_MS
  )
    .flatMap((sentence) =>
      mergeShort(splitAfter(sentence, (word) => /[,;:]["'”’)]*$/.test(word.text)))
    )
    .flatMap(balance)
    .flatMap((group) => fitTwoLines(group, maxLineChars))

  return groups.map((group, index) => {
    const next = groups[index + 1]
    let endMs = Math.min(group[group.length - 1].endMs, durationMs)
    if (next && next[0].startMs - endMs < BRIDGE_MS) endMs = next[0].startMs
    return {
      lines: wrap(
        group.map((word) => word.text.trim()),
        maxLineChars
      ),
      startMs: group[0].startMs,
      endMs: Math.max(endMs, group[0].startMs + 1),
    }
  })
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

/** A clause of one or two words joins its neighbour when the two stay short. */
function mergeShort(clauses: TimedWord[][]) {
  const merged: TimedWord[][] = []
  for (const clause of clauses) {
    const last = merged[merged.length - 1]
    const short = last && (last.length < MIN_WORDS || clause.length < MIN_WORDS)
    if (short && last.length + clause.length <= MAX_WORDS) last.push(...clause)
    else merged.push([...clause])
  }
  return merged
}

/** Long runs split into equal parts of about TARGET_WORDS (12 words: 4 + 4 + 4, not 5 + 5 + 2). */
function balance(group: TimedWord[]) {
  const parts = Math.ceil(group.length / TARGET_WORDS)
  if (group.length <= MAX_WORDS || parts <= 1) return [group]
  const size = group.length / parts
  return Array.from({ length: parts }, (_, part) =>
    group.slice(Math.round(part * size), Math.round((part + 1) * size))
  )
}

function fitTwoLines(group: TimedWord[], maxLineChars: number): TimedWord[][] {
  const lines = wrap(
    group.map((word) => word.text.trim()),
    maxLineChars
  )
  if (lines.length <= 2 || group.length === 1) return [group]
  const half = Math.ceil(group.length / 2)
  return [
    ...fitTwoLines(group.slice(0, half), maxLineChars),
    ...fitTwoLines(group.slice(half), maxLineChars),
  ]
}

/** One line when it fits, else two of balanced length; more only for words too long to fit. */
export function wrap(texts: string[], maxLineChars: number): string[] {
  const whole = texts.join(' ')
  if (whole.length <= maxLineChars || texts.length === 1) return [whole]
  let best: string[] | undefined
  for (let cut = 1; cut < texts.length; cut++) {
    const lines = [texts.slice(0, cut).join(' '), texts.slice(cut).join(' ')]
    const longest = Math.max(...lines.map((line) => line.length))
    if (longest <= maxLineChars && (!best || longest < Math.max(...best.map((l) => l.length)))) {
      best = lines
    }
  }
  return best ?? greedy(texts, maxLineChars)
}

function greedy(texts: string[], maxLineChars: number) {
  const lines: string[] = []
  for (const text of texts) {
    const last = lines.length - 1
    if (last >= 0 && lines[last].length + 1 + text.length <= maxLineChars) {
      lines[last] += ` ${text}`
    } else {
      lines.push(text)
    }
  }
  return lines
}

/** An Advanced SubStation file with one bottom-centred style sized in output pixels. */
export function assDocument(captions: Caption[], size: RenderSize, fontName: string) {
  const layout = captionLayout(size)
  // White bold text, black outline, half-transparent black shadow (colours are &HAABBGGRR).
  const style = Object.entries({
    Name: 'Caption',
    Fontname: fontName,
    Fontsize: layout.fontSize,
    PrimaryColour: '&H00FFFFFF',
    SecondaryColour: '&H00FFFFFF',
    OutlineColour: '&H00000000',
    BackColour: '&H80000000',
    Bold: -1,
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
    Alignment: 2,
    MarginL: layout.marginSide,
    MarginR: layout.marginSide,
    MarginV: layout.marginBottom,
    Encoding: 1,
  })
  const events = captions.map((caption) => {
    const [start, end] = [assTime(caption.startMs), assTime(caption.endMs)]
    return `Dialogue: 0,${start},${end},Caption,,0,0,0,,${caption.lines.map(assText).join('\\N')}`
  })
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${size.width}`,
    `PlayResY: ${size.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    `Format: ${style.map(([field]) => field).join(', ')}`,
    `Style: ${style.map(([, value]) => value).join(',')}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n')
}

function assTime(ms: number) {
  const centiseconds = Math.round(ms / 10)
  const hours = Math.floor(centiseconds / 360_000)
  const minutes = Math.floor(centiseconds / 6000) % 60
  const seconds = Math.floor(centiseconds / 100) % 60
  const two = (value: number) => String(value).padStart(2, '0')
  return `${hours}:${two(minutes)}:${two(seconds)}.${two(centiseconds % 100)}`
}

/** Braces open override tags and backslashes escapes in ASS: spoken text keeps neither. */
function assText(text: string) {
  return text.replace(/\\/g, '/').replace(/\{/g, '(').replace(/\}/g, ')')
}
