/**
 * An AI script kept to what its length pays for (docs/product.md, Setup):
 * the script writers' last step, and /setup's over a creator's pictures
 * (loaded when a script arrives, not with the page).
 */
import { ENGLISH_PACE, endsSentence, type SpeechPace } from './script_plan.js'
import { joined, tokensOf } from './script_tokens.js'

/**
 * The script cut to `budget` words (characters, unspaced) at its last
 * sentence end that fits; a first sentence longer than the budget is cut at
 * the budget and closed with a full stop.
 */
export function fitToWordBudget(script: string, budget: number, pace: SpeechPace = ENGLISH_PACE) {
  const tokens = tokensOf(script, pace, Math.max(1, budget))
  let units = 0
  let sentenceEnd = 0
  let cut = tokens.length
  for (const [index, token] of tokens.entries()) {
    units += token.units
    if (units > budget) {
      cut = index
      break
    }
    if (endsSentence(token.text)) sentenceEnd = index + 1
  }
  if (cut === tokens.length) return joined(tokens)
  if (sentenceEnd > 0) return joined(tokens.slice(0, sentenceEnd))
  const fullStop = /^(ja|zh)\b/.test(pace.locale) ? '。' : '.'
  return `${joined(tokens.slice(0, cut)).replace(/[^\p{L}\p{N}]+$/u, '')}${fullStop}`
}
