/**
 * How a script becomes scenes and what they cost, shared by /setup's Credit
 * Estimate and the server that cuts the storyboard and charges Generate
 * Final Video (docs/decisions.md, Credits and plans; Languages): narration
 * runs at its language's pace (English 2.5 words a second), a scene lasts 5
 * seconds, so an English scene holds about 12.5 words, and every scene second
 * costs a credit.
 */

import { clauseWordsFor } from './clause_words.js'

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

const HAS_WORD = /[\p{L}\p{N}]/u
const CLOSERS = `["'”’»)\\]」』）】〕〉》]*`
const SENTENCE_END = new RegExp(`[.!?…。！？؟۔।॥]${CLOSERS}$`, 'u')
const PHRASE_END = new RegExp(`([,;:،؛，、；：]|[—–-]|\\.\\.\\.)${CLOSERS}$`, 'u')
/** Punctuation that opens what follows: in unspaced scripts it goes with the next word. */
const OPENER = /^[\p{Ps}\p{Pi}]+$/u

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

function endsPhrase(text: string) {
  return PHRASE_END.test(text)
}

/** The fewest words a scene holds when the script has enough of them (docs/product.md, Storyboard). */
export const MIN_SCENE_WORDS = 5

/** A narration language as the storyboard cuts it: its pace, and its name for clause words. */
export type ScriptLanguage = SpeechPace & { name: string }

/** A piece of the script a cut may fall before, its speech units, and what joins it to the one before. */
type Token = { text: string; units: number; glue: string }

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
 * Punctuation that stands alone stays with the words before it. A script in
 * a language written without spaces (Chinese, Japanese, Thai) is cut between
 * the words Intl.Segmenter finds, its marks counted in characters. With
 * `scenesWanted` (Image to Video: one scene per picture) the words are
 * shared evenly across exactly that many scenes, by the same rules; the
 * script must hold at least one word per scene.
 */
export function splitIntoScenes(
  script: string,
  scenesWanted?: number,
  language?: ScriptLanguage
): string[] {
  const pace = language ?? ENGLISH_PACE
  let tokens = tokensOf(script, pace, unitsPerScene(pace))
  if (scenesWanted && tokens.filter((token) => token.units > 0).length < scenesWanted) {
    tokens = tokensOf(script, pace, 1)
  }
  const wordIndexes = tokens.flatMap((token, index) => (token.units > 0 ? [index] : []))
  const wordCount = wordIndexes.length
  /** Speech units before each word, and after the last. */
  const unitsBefore = [0]
  for (const index of wordIndexes) unitsBefore.push(unitsBefore.at(-1)! + tokens[index].units)
  const totalUnits = unitsBefore[wordCount]
  const sceneCount = scenesWanted ?? Math.ceil(totalUnits / unitsPerScene(pace))
  const sceneUnits = scenesWanted ? totalUnits / scenesWanted : unitsPerScene(pace)
  const clauseWords = clauseWordsFor(language?.name)
  const joiners = new Set(clauseWords.joiners)
  const prepositions = new Set(clauseWords.prepositions)
  const leaning = new Set([...joiners, ...prepositions, ...clauseWords.determiners])
  const textOf = (from: number, to?: number) => joined(tokens.slice(from, to))
  /** What a scene ending just before word `word` ends with. */
  const tailBefore = (word: number) => textOf(wordIndexes[word - 1], wordIndexes[word])
  const keyOf = (word: number) => openingKey(tokens[wordIndexes[word]].text)
  /** Whether a scene may end just before word `word` without a word leaning on the next. */
  const closes = (word: number) => {
    const tail = tailBefore(word)
    return !/[\p{L}\p{N}]$/u.test(tail) || !leaning.has(bareWord(tail))
  }
  const opens = (words: Set<string>) => (word: number) => words.has(keyOf(word)) && closes(word)
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)
  /** The last word at or before `units` of speech: the 5-second mark. */
  const markAt = (units: number) => {
    let word = 0
    while (word < wordCount && unitsBefore[word + 1] <= units) word++
    return word
  }

  const scenes: string[] = []
  let start = 0
  let previousCut = 0
  for (let scene = 1; scene <= sceneCount; scene++) {
    if (scene === sceneCount) {
      scenes.push(textOf(start))
      break
    }
    const mark = markAt(scene * sceneUnits)
    const scenesAfter = sceneCount - scene
    const last = wordCount - scenesAfter
    const within = range(
      Math.max(previousCut + 1, mark - CUT_REACH),
      Math.min(last, mark + CUT_REACH)
    )
    // Words of many characters can leave no word within reach: the mark moves into room.
    const reach = within.length > 0 ? within : [Math.min(Math.max(mark, previousCut + 1), last)]
    const roomy = reach.filter(
      (word) =>
        word >= previousCut + MIN_SCENE_WORDS && word <= wordCount - scenesAfter * MIN_SCENE_WORDS
    )
    const candidates = roomy.length > 0 ? roomy : reach
    /** The mark, or the word of the room nearest it. */
    const inRoom = Math.min(Math.max(mark, candidates[0]), candidates.at(-1)!)
    const nearest = (among: number[], matches: (word: number) => boolean, to = mark) =>
      among.filter(matches).sort((a, b) => Math.abs(a - to) - Math.abs(b - to) || a - b)[0]
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
    scenes.push(textOf(start, end))
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

/**
 * The script as pieces a cut may fall before. Words apart: every
 * whitespace-separated token, a word when it holds a letter or digit. Words
 * together: the words Intl.Segmenter finds, none longer than `most`
 * characters, each carrying the punctuation after it (an opening bracket or
 * quote goes with the word after), joined as the script joins them.
 */
function tokensOf(script: string, pace: SpeechPace, most: number): Token[] {
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
function joined(tokens: Token[]) {
  return tokens.map((token, index) => (index === 0 ? token.text : token.glue + token.text)).join('')
}

function graphemes(locale: string) {
  return new Intl.Segmenter(locale, { granularity: 'grapheme' })
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
 * The most words (characters, for an unspaced language) a script written
 * for `seconds` may hold and still cost no more than lengthCredits(seconds):
 * a 15-second English script is three scenes' worth, 37 words
 * (docs/product.md, Setup).
 */
export function lengthWordBudget(seconds: number, pace: SpeechPace = ENGLISH_PACE) {
  return Math.floor((lengthCredits(seconds) / SCENE_SECONDS) * unitsPerScene(pace))
}

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
