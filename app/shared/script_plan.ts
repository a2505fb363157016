/**
 * How a script becomes scenes and what they cost, shared by /setup's Credit
 * Estimate and the server that cuts the storyboard and charges Generate
 * Final Video (docs/decisions.md, Credits and plans): narration runs at 2.5 words a second, a scene
 * lasts 5 seconds, so a scene holds about 12.5 words, and every scene second
 * costs a credit.
 */

import { clauseWordsFor } from './clause_words.js'

export const WORDS_PER_SECOND = 2.5
export const SCENE_SECONDS = 5
const WORDS_PER_SCENE = WORDS_PER_SECOND * SCENE_SECONDS
/** How far (in words) a cut may move from its 5-second mark to land on a boundary. */
export const CUT_REACH = 4

const HAS_WORD = /[\p{L}\p{N}]/u
const CLOSERS = `["'”’»)\\]]*`
const SENTENCE_END = new RegExp(`[.!?…]${CLOSERS}$`, 'u')
const PHRASE_END = new RegExp(`([,;:]|[—–-]|\\.\\.\\.)${CLOSERS}$`, 'u')

export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((token) => HAS_WORD.test(token))
}

export function sceneCountFor(script: string) {
  return Math.ceil(wordsOf(script).length / WORDS_PER_SCENE)
}

/** What Generate Final Video charges for the storyboard cut from `script`. */
export function scriptCredits(script: string) {
  return sceneCountFor(script) * SCENE_SECONDS
}

/** What a script written for `seconds` of video (seconds × 2.5 words) will charge. */
export function lengthCredits(seconds: number) {
  return Math.ceil(seconds / SCENE_SECONDS) * SCENE_SECONDS
}

export function endsSentence(text: string) {
  return SENTENCE_END.test(text)
}

function endsPhrase(text: string) {
  return PHRASE_END.test(text)
}

/** The fewest words a scene holds when the script has enough of them (docs/product.md, Storyboard). */
export const MIN_SCENE_WORDS = 5

/**
 * Cuts a script into as many scenes as the credit rule gives; the rule only
 * moves cuts, never adds one. Each cut lands, within CUT_REACH words of its
 * 5-second mark and nearest it:
 * 1. on a sentence end, one that leaves MIN_SCENE_WORDS on both sides when
 *    there is one, else any (every scene keeps at least one word);
 * 2. for the last cut, at the start of the script's last sentence, however
 *    far back, so that sentence is told whole rather than left as a short
 *    tail ("by the sea." alone);
 * 3. on a phrase end (comma, semicolon, colon, dash);
 * 4. before a word that opens a clause ("and", "which", "while"), else one
 *    that opens a phrase ("for", "with", "to"), in the narration `language`
 *    (clause_words.ts; all of them when it is not given);
 * 5. else on the mark, moved to the nearest word that is no article,
 *    preposition or conjunction, so "the" or "of" never ends a scene.
 * Steps 3–5 keep MIN_SCENE_WORDS a scene when the script has them; only
 * when every cut that does would leave "the" or "of" at a scene's end does
 * step 5 reach further, as little as it can.
 * Punctuation that stands alone stays with the words before it. With
 * `scenesWanted` (Image to Video: one scene per picture) the words are
 * shared evenly across exactly that many scenes, by the same rules; the
 * script must hold at least one word per scene.
 */
export function splitIntoScenes(
  script: string,
  scenesWanted?: number,
  language?: string
): string[] {
  const tokens = script.split(/\s+/).filter(Boolean)
  const wordIndexes = tokens.flatMap((token, index) => (HAS_WORD.test(token) ? [index] : []))
  const wordCount = wordIndexes.length
  const sceneCount = scenesWanted ?? Math.ceil(wordCount / WORDS_PER_SCENE)
  const wordsPerScene = scenesWanted ? wordCount / scenesWanted : WORDS_PER_SCENE
  const clauseWords = clauseWordsFor(language)
  const joiners = new Set(clauseWords.joiners)
  const prepositions = new Set(clauseWords.prepositions)
  const leaning = new Set([...joiners, ...prepositions, ...clauseWords.determiners])
  /** What a scene ending just before word `word` ends with. */
  const tailBefore = (word: number) =>
    tokens.slice(wordIndexes[word - 1], wordIndexes[word]).join(' ')
  const keyOf = (word: number) => openingKey(tokens[wordIndexes[word]])
  /** Whether a scene may end just before word `word` without a word leaning on the next. */
  const closes = (word: number) => {
    const tail = tailBefore(word)
    return !/[\p{L}\p{N}]$/u.test(tail) || !leaning.has(bareWord(tail))
  }
  const opens = (words: Set<string>) => (word: number) => words.has(keyOf(word)) && closes(word)
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)

  const scenes: string[] = []
  let start = 0
  let previousCut = 0
  for (let scene = 1; scene <= sceneCount; scene++) {
    if (scene === sceneCount) {
      scenes.push(tokens.slice(start).join(' '))
      break
    }
    const mark = Math.floor(scene * wordsPerScene)
    const scenesAfter = sceneCount - scene
    const reach = range(
      Math.max(previousCut + 1, mark - CUT_REACH),
      Math.min(wordCount - scenesAfter, mark + CUT_REACH)
    )
    const roomy = reach.filter(
      (word) =>
        word >= previousCut + MIN_SCENE_WORDS && word <= wordCount - scenesAfter * MIN_SCENE_WORDS
    )
    const candidates = roomy.length > 0 ? roomy : reach
    /** The mark, or the word of the room nearest it. */
    const inRoom = Math.min(Math.max(mark, candidates[0]), candidates.at(-1)!)
    const nearest = (within: number[], matches: (word: number) => boolean, to = mark) =>
      within.filter(matches).sort((a, b) => Math.abs(a - to) - Math.abs(b - to) || a - b)[0]
    const sentenceEnd = (word: number) => endsSentence(tailBefore(word))
    const cut =
      nearest(candidates, sentenceEnd) ??
      nearest(reach, sentenceEnd) ??
      (scenesAfter === 1 ? lastSentenceStart(previousCut, candidates.at(-1)!) : undefined) ??
      nearest(candidates, (word) => endsPhrase(tailBefore(word))) ??
      nearest(candidates, opens(joiners)) ??
      nearest(candidates, opens(prepositions)) ??
      nearest(candidates, closes) ??
      nearest(reach, closes, inRoom) ??
      inRoom
    const end = wordIndexes[cut]
    scenes.push(tokens.slice(start, end).join(' '))
    start = end
    previousCut = cut
  }
  return scenes

  /**
   * Where the script's last sentence starts, when the scene before keeps
   * MIN_SCENE_WORDS (or what it has) in front of it: the last scene then
   * tells that sentence whole, however far back it starts.
   */
  function lastSentenceStart(after: number, before: number) {
    const floor = after + Math.min(MIN_SCENE_WORDS, before - after)
    for (let word = before; word >= floor; word--) {
      if (endsSentence(tailBefore(word))) return word
    }
    return undefined
  }
}

/** A token as clause_words.ts lists it: lower case, without the punctuation around it. */
function bareWord(token: string) {
  return token
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '')
}

/** A word that may open a cut, a French elision up to its apostrophe ("qu'il" → "qu'"). */
function openingKey(token: string) {
  const word = bareWord(token)
  const elision = word.indexOf("'")
  return elision > 0 && elision < word.length - 1 ? word.slice(0, elision + 1) : word
}

/**
 * The most words a script written for `seconds` may hold and still cost no
 * more than lengthCredits(seconds): a 15-second script is three scenes'
 * worth, 37 words (docs/product.md, Setup).
 */
export function lengthWordBudget(seconds: number) {
  return Math.floor((lengthCredits(seconds) / SCENE_SECONDS) * WORDS_PER_SCENE)
}

/**
 * The script cut to `budget` words at its last sentence end that fits; a
 * first sentence longer than the budget is cut at the budget and closed
 * with a full stop.
 */
export function fitToWordBudget(script: string, budget: number) {
  const tokens = script.trim().split(/\s+/).filter(Boolean)
  let words = 0
  let sentenceEnd = 0
  let cut = tokens.length
  for (const [index, token] of tokens.entries()) {
    if (HAS_WORD.test(token)) words++
    if (words > budget) {
      cut = index
      break
    }
    if (endsSentence(token)) sentenceEnd = index + 1
  }
  if (cut === tokens.length) return tokens.join(' ')
  if (sentenceEnd > 0) return tokens.slice(0, sentenceEnd).join(' ')
  return `${tokens
    .slice(0, cut)
    .join(' ')
    .replace(/[^\p{L}\p{N}]+$/u, '')}.`
}

/** Image to Video: the most pictures, so scenes, one video takes. */
export const MAX_PICTURES = 30

/**
 * Image to Video: how many words a script may hold across `pictures` scenes
 * of 5 seconds, at least one a picture and at most what the narrator says in
 * their time (docs/product.md, Image to Video).
 */
export function pictureWordRange(pictures: number) {
  return { fewest: pictures, most: Math.floor(pictures * WORDS_PER_SCENE) }
}

/** What Generate Final Video charges for a storyboard of `pictures` scenes. */
export function pictureCredits(pictures: number) {
  return pictures * SCENE_SECONDS
}
