/**
 * A script as the pieces a cut may fall before, for the storyboard's cut
 * (script_plan.ts) and the AI script's fit to its length (script_fit.ts).
 */
import { HAS_WORD, graphemes, type SpeechPace } from './script_plan.js'

/** A piece of the script a cut may fall before, its speech units, and what joins it to the one before. */
export type Token = { text: string; units: number; glue: string }

/** Punctuation that opens what follows: in unspaced scripts it goes with the next word. */
const OPENER = /^[\p{Ps}\p{Pi}]+$/u

/**
 * The script as pieces a cut may fall before. Words apart: every
 * whitespace-separated token, a word when it holds a letter or digit. Words
 * together: the words Intl.Segmenter finds, none longer than `most`
 * characters, each carrying the punctuation after it (an opening bracket or
 * quote goes with the word after), joined as the script joins them.
 */
export function tokensOf(script: string, pace: SpeechPace, most: number): Token[] {
  if (pace.unit === 'word') {
    return script
      .split(/\s+/)
      .filter(Boolean)
      .map((text) => ({ text, units: HAS_WORD.test(text) ? 1 : 0, glue: ' ' }))
  }
  const tokens: Token[] = []
  let glue = ''
  let opening: { text: string; glue: string } | null = null
  const words = new Intl.Segmenter(pace.locale, { granularity: 'word' })
  for (const { segment } of words.segment(script.trim())) {
    if (/^\s+$/u.test(segment)) {
      glue = ' '
      continue
    }
    if (!HAS_WORD.test(segment)) {
      if (opening) opening.text += glue + segment
      else if (OPENER.test(segment) || tokens.length === 0) opening = { text: segment, glue }
      else tokens.at(-1)!.text += glue + segment
      glue = ''
      continue
    }
    let piece: Token = opening
      ? { text: opening.text + glue, units: 0, glue: opening.glue }
      : { text: '', units: 0, glue }
    opening = null
    glue = ''
    for (const { segment: letter } of graphemes(pace.locale).segment(segment)) {
      const isLetter = HAS_WORD.test(letter)
      if (isLetter && piece.units >= most) {
        tokens.push(piece)
        piece = { text: '', units: 0, glue: '' }
      }
      piece.text += letter
      if (isLetter) piece.units++
    }
    tokens.push(piece)
  }
  if (opening && tokens.length > 0) tokens.at(-1)!.text += opening.glue + opening.text
  else if (opening) tokens.push({ text: opening.text, units: 0, glue: '' })
  return tokens
}

/** Tokens written out as the script joins them. */
export function joined(tokens: Token[]) {
  return tokens.map((token, index) => (index === 0 ? token.text : token.glue + token.text)).join('')
}
