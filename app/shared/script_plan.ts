/**
 * How a script becomes scenes and what they cost, shared by /setup's Credit
 * Estimate and the server that cuts the storyboard and charges Generate
 * Final Video (docs/decisions.md, Credits and plans): narration runs at 2.5 words a second, a scene
 * lasts 5 seconds, so a scene holds about 12.5 words, and every scene second
 * costs a credit.
 */

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

/**
 * Cuts a script into as many scenes as the credit rule gives. Each cut lands
 * on the sentence end nearest its 5-second mark within CUT_REACH words, else
 * on the nearest phrase end (comma, semicolon, colon, dash), else on the mark
 * itself; every scene keeps at least one word. Punctuation that stands alone
 * stays with the words before it.
 */
export function splitIntoScenes(script: string): string[] {
  const tokens = script.split(/\s+/).filter(Boolean)
  const wordIndexes = tokens.flatMap((token, index) => (HAS_WORD.test(token) ? [index] : []))
  const sceneCount = Math.ceil(wordIndexes.length / WORDS_PER_SCENE)
  /** What a scene ending just before word `word` ends with. */
  const tailBefore = (word: number) =>
    tokens.slice(wordIndexes[word - 1], wordIndexes[word]).join(' ')

  const scenes: string[] = []
  let start = 0
  let previousCut = 0
  for (let scene = 1; scene <= sceneCount; scene++) {
    if (scene === sceneCount) {
      scenes.push(tokens.slice(start).join(' '))
      break
    }
    const mark = Math.floor(scene * WORDS_PER_SCENE)
    const lowest = Math.max(previousCut + 1, mark - CUT_REACH)
    const highest = Math.min(wordIndexes.length - (sceneCount - scene), mark + CUT_REACH)
    const candidates: number[] = []
    for (let word = lowest; word <= highest; word++) candidates.push(word)
    const nearest = (matches: (tail: string) => boolean) =>
      candidates
        .filter((word) => matches(tailBefore(word)))
        .sort((a, b) => Math.abs(a - mark) - Math.abs(b - mark) || a - b)[0]
    const cut =
      nearest(endsSentence) ?? nearest(endsPhrase) ?? Math.min(Math.max(mark, lowest), highest)
    const end = wordIndexes[cut]
    scenes.push(tokens.slice(start, end).join(' '))
    start = end
    previousCut = cut
  }
  return scenes
}
