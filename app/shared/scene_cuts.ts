/**
 * Where the storyboard cuts a script into its scenes (docs/product.md,
 * Storyboard), server side: as many scenes as script_plan.ts's credit rule
 * gives, each cut moved to the nearest boundary a sentence or clause allows.
 */
import { clauseWordsFor } from './clause_words.js'
import {
  CLOSERS,
  CUT_REACH,
  ENGLISH_PACE,
  MIN_SCENE_WORDS,
  endsSentence,
  unitsPerScene,
  type SpeechPace,
} from './script_plan.js'
import { joined, tokensOf } from './script_tokens.js'

const PHRASE_END = new RegExp(`([,;:،؛，、；：]|[—–-]|\\.\\.\\.)${CLOSERS}$`, 'u')

/** A narration language as the storyboard cuts it: its pace, and its name for clause words. */
export type ScriptLanguage = SpeechPace & { name: string }

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

function endsPhrase(text: string) {
  return PHRASE_END.test(text)
}
