import { SCENE_SECONDS } from '#studio/models/scene'

/**
 * Narration runs at 2.5 words a second, so a 5-second scene holds about
 * 12.5 words and a script costs ceil(words ÷ 2.5) credits (spec §9).
 */
export const WORDS_PER_SECOND = 2.5
const WORDS_PER_SCENE = WORDS_PER_SECOND * SCENE_SECONDS

const HAS_WORD = /[\p{L}\p{N}]/u

export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((token) => HAS_WORD.test(token))
}

export function estimateCredits(text: string): number {
  return Math.ceil(wordsOf(text).length / WORDS_PER_SECOND)
}

/**
 * Cuts a script into 5-second scenes of about 12.5 words, at word
 * boundaries; the last scene may hold fewer words. Punctuation that stands
 * alone stays attached to the scene it appears in.
 */
export function splitIntoScenes(script: string): string[] {
  const tokens = script.split(/\s+/).filter(Boolean)
  const wordIndexes = tokens.flatMap((token, index) => (HAS_WORD.test(token) ? [index] : []))
  const sceneCount = Math.ceil(wordIndexes.length / WORDS_PER_SCENE)
  const scenes: string[] = []
  let start = 0
  for (let scene = 1; scene <= sceneCount; scene++) {
    const end =
      scene === sceneCount ? tokens.length : wordIndexes[Math.floor(scene * WORDS_PER_SCENE)]
    scenes.push(tokens.slice(start, end).join(' '))
    start = end
  }
  return scenes
}
