/**
 * How a script becomes scenes and what they cost, shared by /setup's Credit
 * Estimate and the server that cuts the storyboard and charges Generate
 * Final Video (docs/decisions.md, Credits and plans): narration
 * runs at its language's pace (English 2.5 words a second), a scene lasts 5
 * seconds, so an English scene holds about 12.5 words, and every scene second
 * costs a credit.
 */

/**
 * How fast a language is narrated: words a second where words stand apart,
 * characters a second where they do not (Chinese, Japanese, Thai). A row of
 * app/shared/languages.ts is one; pages get theirs as a prop.
 */
export type SpeechPace = { locale: string; unit: 'word' | 'character'; perSecond: number }

export const WORDS_PER_SECOND = 2.5
export const SCENE_SECONDS = 5
export const ENGLISH_PACE: SpeechPace = { locale: 'en', unit: 'word', perSecond: WORDS_PER_SECOND }
/** How far (in words) a cut may move from its 5-second mark to land on a boundary. */
export const CUT_REACH = 4

export const HAS_WORD = /[\p{L}\p{N}]/u
export const CLOSERS = `["'”’»)\\]」』）】〕〉》]*`
const SENTENCE_END = new RegExp(`[.!?…。！？؟۔।॥]${CLOSERS}$`, 'u')

export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((token) => HAS_WORD.test(token))
}

/** A script's words, or for an unspaced script its letters, one per grapheme. */
export function speechUnits(text: string, pace: SpeechPace = ENGLISH_PACE) {
  if (pace.unit === 'word') return wordsOf(text).length
  let count = 0
  for (const { segment } of graphemes(pace.locale).segment(text)) {
    if (HAS_WORD.test(segment)) count++
  }
  return count
}

/** What a 5-second scene holds at `pace`: 12.5 English words, 25 Japanese characters. */
export function unitsPerScene(pace: SpeechPace = ENGLISH_PACE) {
  return pace.perSecond * SCENE_SECONDS
}

export function sceneCountFor(script: string, pace: SpeechPace = ENGLISH_PACE) {
  return Math.ceil(speechUnits(script, pace) / unitsPerScene(pace))
}

/** What Generate Final Video charges for the storyboard cut from `script`. */
export function scriptCredits(script: string, pace: SpeechPace = ENGLISH_PACE) {
  return sceneCountFor(script, pace) * SCENE_SECONDS
}

/** What a script written for `seconds` of video (seconds at its language's pace) will charge. */
export function lengthCredits(seconds: number) {
  return Math.ceil(seconds / SCENE_SECONDS) * SCENE_SECONDS
}

export function endsSentence(text: string) {
  return SENTENCE_END.test(text)
}

/** The fewest words a scene holds when the script has enough of them (docs/product.md, Storyboard). */
export const MIN_SCENE_WORDS = 5

/**
 * The most words (characters, for an unspaced language) a script written
 * for `seconds` may hold and still cost no more than lengthCredits(seconds):
 * a 15-second English script is three scenes' worth, 37 words
 * (docs/product.md, Setup).
 */
export function lengthWordBudget(seconds: number, pace: SpeechPace = ENGLISH_PACE) {
  return Math.floor((lengthCredits(seconds) / SCENE_SECONDS) * unitsPerScene(pace))
}

/** Image to Video: the most pictures, so scenes, one video takes. */
export const MAX_PICTURES = 30

/**
 * Image to Video: how many words a script may hold across `pictures` scenes
 * of 5 seconds, at least one a picture and at most what the narrator says in
 * their time (docs/product.md, Image to Video).
 */
export function pictureWordRange(pictures: number, pace: SpeechPace = ENGLISH_PACE) {
  return { fewest: pictures, most: Math.floor(pictures * unitsPerScene(pace)) }
}

/** What Generate Final Video charges for a storyboard of `pictures` scenes. */
export function pictureCredits(pictures: number) {
  return pictures * SCENE_SECONDS
}

export function graphemes(locale: string) {
  return new Intl.Segmenter(locale, { granularity: 'grapheme' })
}
