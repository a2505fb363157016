import { hasLexicon, lexiconFor, type Track } from '#media/providers/local/script_lexicon'
import { clauseWordsFor } from '#shared/clause_words'
import { isLanguage, languageNamed, type LanguageEntry } from '#shared/languages'
import {
  HASHTAG,
  HASHTAG_CHARACTERS,
  POST_DESCRIPTION_MAX,
  POST_HASHTAGS_MAX,
  POST_HASHTAGS_MIN,
  POST_TITLE_MAX,
  type VideoPost,
} from '#shared/video_post'

/** A title a feed shows whole: about 70 characters of words, 35 of an unspaced script. */
const TITLE_LENGTH = { word: 70, character: 35 }
/** A description of the first sentences, about a caption's visible length. */
const DESCRIPTION_LENGTH = { word: 300, character: 150 }
/** The words hashtags are made of; the post may have up to POST_HASHTAGS_MAX. */
const SALIENT_WORDS = 5
/** The fewest letters of a word worth a hashtag, by how long a script's words run ("the", "は"). */
const MIN_WORD_LETTERS = { spaced: 4, shortWords: 3, unspaced: 2 }
/** Scripts whose words run short (consonant roots, syllable blocks): three letters name a thing. */
const SHORT_WORD_SCRIPTS = new Set(['arabic', 'hebrew', 'hangul'])
/** What pads the hashtags to three when a script names fewer things: tags every platform reads. */
const PLATFORM_TAGS = ['#shorts', '#reels', '#video']
/** Little words the lists above leave out, by language. */
const EXTRA_LITTLE_WORDS: Record<string, string[]> = { english: ['this'] }
const ELLIPSIS = '…'
/** A template's slot ("{subject}"), and a letter of its wording. */
const SLOT = /\{\w+\}/u
const LETTER = /\p{L}/gu
/** Where a template's wording breaks into sentences (a slot's question mark, say). */
const SENTENCE_END = /[.!?;:,]/u
/** What a title drops at its end: a full stop, not a question's or an exclamation's mark. */
const FULL_STOP = /[\s.。।॥۔,;:、，；：]+$/u
/** What a cut drops before its ellipsis. */
const TRAILING_PUNCTUATION = /[^\p{L}\p{M}\p{N}]+$/u
const FALLBACK_TITLE = 'Video'
/** The letters a word's length is counted in: its marks (accents, vowel signs) are not more. */
const BASE_LETTERS = /[\p{L}\p{N}_]/gu

/** Words of no subject in every language: the Japanese particles and endings, written in kana. */
const HIRAGANA_ONLY = /^\p{Script=Hiragana}+$/u
const HAS_HIRAGANA = /\p{Script=Hiragana}/u

/**
 * The offline post writer (docs/product.md, Ready to post): from a video's
 * script alone, the same script always giving the same post. The title is
 * the first sentence cut at a word to a feed's length; the description the
 * first sentences to a caption's; the hashtags the words the script names
 * most (earlier ones first on a tie, the first sentence's counting once
 * more), without the language's little words, padded with platform tags to
 * three. It is the fal driver's fallback too, so it never fails.
 */
export function writePostOffline(script: string, language: string): VideoPost {
  const entry = languageNamed(isLanguage(language) ? language : 'english')
  const text = script.replace(/\s+/gu, ' ').trim()
  const sentences = sentencesOf(text, entry.locale)
  return {
    title: titleOf(sentences[0] ?? '', entry) || FALLBACK_TITLE,
    description: descriptionOf(sentences, entry),
    hashtags: hashtagsOf(sentences, entry),
  }
}

function sentencesOf(text: string, locale: string) {
  return [...segmenterOf(locale, 'sentence').segment(text)]
    .map(({ segment }) => segment.trim())
    .filter(Boolean)
}

function titleOf(sentence: string, language: LanguageEntry) {
  const bare = sentence.replace(FULL_STOP, '')
  const title = cutAtWord(bare, Math.min(TITLE_LENGTH[language.unit], POST_TITLE_MAX), language)
  return capitalized(title, language.locale)
}

/** As many first sentences as fit a caption; a first one longer than that, cut at a word. */
function descriptionOf(sentences: string[], language: LanguageEntry) {
  const most = Math.min(DESCRIPTION_LENGTH[language.unit], POST_DESCRIPTION_MAX)
  const glue = language.unit === 'word' ? ' ' : ''
  let description = ''
  for (const sentence of sentences) {
    const next = description ? `${description}${glue}${sentence}` : sentence
    if (next.length > most) break
    description = next
  }
  return description || cutAtWord(sentences[0] ?? '', most, language)
}

/**
 * `text` cut to at most `most` UTF-16 units at a word boundary (Intl's
 * words, so an unspaced script too), marked with an ellipsis; a first word
 * longer than that is cut between characters.
 */
function cutAtWord(text: string, most: number, language: LanguageEntry) {
  if (text.length <= most) return text
  const room = most - ELLIPSIS.length
  let cut = ''
  for (const { segment } of segmenterOf(language.locale, 'word').segment(text)) {
    if (cut.length + segment.length > room) break
    cut += segment
  }
  if (!cut.trim()) {
    for (const { segment } of segmenterOf(language.locale, 'grapheme').segment(text)) {
      if (cut.length + segment.length > room) break
      cut += segment
    }
  }
  return `${cut.replace(TRAILING_PUNCTUATION, '')}${ELLIPSIS}`
}

function capitalized(text: string, locale: string) {
  const [first = ''] = text
  return first.toLocaleUpperCase(locale) + text.slice(first.length)
}

type Candidate = { tag: string; count: number; first: number; kana: boolean }

function hashtagsOf(sentences: string[], language: LanguageEntry): string[] {
  const little = littleWords(language.name)
  const minLetters = minWordLetters(language)
  const words = segmenterOf(language.locale, 'word')
  const candidates = new Map<string, Candidate>()
  let position = 0
  for (const [index, sentence] of sentences.entries()) {
    for (const { segment, isWordLike } of words.segment(withoutWording(sentence, language))) {
      if (!isWordLike) continue
      const word = segment.toLocaleLowerCase(language.locale)
      const tag = `#${[...word].filter((letter) => HASHTAG_CHARACTERS.test(letter)).join('')}`
      const letters = tag.match(BASE_LETTERS)?.length ?? 0
      if (
        letters < minLetters ||
        little.has(word) ||
        HIRAGANA_ONLY.test(word) ||
        /^#[\p{N}_]+$/u.test(tag) ||
        !HASHTAG.test(tag)
      ) {
        continue
      }
      const seen = candidates.get(tag) ?? {
        tag,
        count: 0,
        first: position++,
        kana: HAS_HIRAGANA.test(word),
      }
      // The first sentence says what the video is about: its words count once more.
      seen.count += index === 0 ? 2 : 1
      candidates.set(tag, seen)
    }
  }
  const salient = [...candidates.values()]
    .sort(
      (a, b) =>
        // A Japanese word with kana is a verb or an adjective more often than a thing.
        b.count - Number(b.kana) / 2 - (a.count - Number(a.kana) / 2) || a.first - b.first
    )
    .slice(0, Math.min(SALIENT_WORDS, POST_HASHTAGS_MAX))
    .map((candidate) => candidate.tag)
  const padding = PLATFORM_TAGS.filter((tag) => !salient.includes(tag))
  return [...salient, ...padding].slice(0, Math.max(POST_HASHTAGS_MIN, salient.length))
}

function minWordLetters(language: LanguageEntry) {
  // A Devanagari letter is a syllable with its vowel sign: कॉफ़ी (coffee) is two.
  if (language.unit === 'character' || language.writingSystem === 'devanagari') {
    return MIN_WORD_LETTERS.unspaced
  }
  return SHORT_WORD_SCRIPTS.has(language.writingSystem)
    ? MIN_WORD_LETTERS.shortWords
    : MIN_WORD_LETTERS.spaced
}

const segmenters = new Map<string, Intl.Segmenter>()

/** One segmenter per locale and granularity: making one costs more than segmenting a post. */
function segmenterOf(locale: string, granularity: 'sentence' | 'word' | 'grapheme') {
  const key = `${locale} ${granularity}`
  let segmenter = segmenters.get(key)
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity })
    segmenters.set(key, segmenter)
  }
  return segmenter
}

const littleWordsByLanguage = new Map<string, Set<string>>()

/** The language's joiners, prepositions and articles, and its script writer's stopwords. */
function littleWords(language: string) {
  let words = littleWordsByLanguage.get(language)
  if (!words) {
    words = listLittleWords(language)
    littleWordsByLanguage.set(language, words)
  }
  return words
}

function listLittleWords(language: string) {
  const clause = clauseWordsFor(language)
  const stopwords =
    isLanguage(language) && hasLexicon(language) ? lexiconFor(language).stopwords : []
  return new Set([
    ...clause.joiners,
    ...clause.prepositions,
    ...clause.determiners,
    ...stopwords,
    ...(EXTRA_LITTLE_WORDS[language] ?? []),
  ])
}

const wordingByLanguage = new Map<string, RegExp[]>()

/**
 * The offline script writer's own wording around its slots, each piece a
 * sentence at most and whole words, longest first: "you think you know" and
 * "watch this" of "You think you know {subject}? Watch this.". Pieces
 * without three letters are left out.
 */
function templateWording(language: LanguageEntry) {
  let pieces = wordingByLanguage.get(language.name)
  if (!pieces) {
    const voice: Track | null =
      isLanguage(language.name) && hasLexicon(language.name)
        ? lexiconFor(language.name).voice
        : null
    pieces = Object.values(voice ?? {})
      .flat()
      .flatMap((template) => template.split(SLOT))
      .flatMap((piece) => piece.split(SENTENCE_END))
      .map((piece) => piece.trim().toLocaleLowerCase(language.locale))
      .filter((piece) => (piece.match(LETTER) ?? []).length >= 3)
      .sort((a, b) => b.length - a.length)
      .map(
        (piece) =>
          new RegExp(
            `(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(piece)}(?![\\p{L}\\p{M}\\p{N}])`,
            'gu'
          )
      )
    wordingByLanguage.set(language.name, pieces)
  }
  return pieces
}

/**
 * A sentence, lower case, without the offline writer's wording around its
 * topic where it is said word for word: #think and #everything name
 * nothing, while a creator's own "think" still counts.
 */
function withoutWording(sentence: string, language: LanguageEntry) {
  let rest = sentence.toLocaleLowerCase(language.locale)
  for (const piece of templateWording(language)) rest = rest.replace(piece, ' ')
  return rest
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
