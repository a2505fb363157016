import type {
  PostRequest,
  ScriptRequest,
  ScriptWriter,
  TopicsRequest,
  WrittenScript,
  WrittenTopics,
} from '#media/providers/contracts'
import { writePostOffline } from '#media/providers/local/local_post_writer'
import { writeTopicsOffline } from '#media/providers/local/local_topic_writer'
import { hashString, Random } from '#media/providers/local/random'
import {
  hasLexicon,
  lexiconFor,
  MOODS,
  type Lexicon,
  type Mood,
  type Phase,
  type Track,
} from '#media/providers/local/script_lexicon'
import { ENGLISH_PACE, lengthWordBudget, type SpeechPace } from '#shared/script_plan'
import { fitToWordBudget } from '#shared/script_fit'
import { languageNamed } from '#shared/languages'

const MIN_WORDS = 5
// Below this no story arc fits: a hook and a call, cut to length.
const MIN_COMPOSED_WORDS = 20
const TOPIC_MAX_WORDS = 16
const PHRASE_MAX_WORDS = 4
const LENGTH_TOLERANCE = 0.1

/**
 * About seconds × the language's pace in words (2.5 in English; English's
 * for a language counted in characters, which it writes in English), never
 * more than the chosen length's credits pay for (docs/product.md, Setup),
 * never fewer than five.
 */
function targetWordCount(seconds: number, language: SpeechPace) {
  const pace = language.unit === 'word' ? language : ENGLISH_PACE
  return Math.max(
    MIN_WORDS,
    Math.min(Math.round(seconds * pace.perSecond), lengthWordBudget(seconds, pace))
  )
}

export function countWords(text: string) {
  return text.split(/\s+/).filter(Boolean).length
}

/**
 * The offline script writer: a hook, a development in arcs and a payoff with
 * a call to action, composed from templates and the words of the description,
 * style and mood. Seeded by the request, so the same request reads the same.
 */
export class LocalScriptWriter implements ScriptWriter {
  async write(request: ScriptRequest): Promise<WrittenScript> {
    const pace = languageNamed(request.language)
    const target = targetWordCount(request.targetSeconds, pace)
    const lexicon = lexiconFor(request.language)
    const mood = moodOf(request.mood)
    const seed = hashString(
      JSON.stringify([request.description, request.style, mood, target, request.language])
    )
    const described = describe(request.description, lexicon)
    const slots = new Slots(request, mood, lexicon, described)

    const track = voiceTrack(lexicon, mood, described)
    const script = new Narrative(track, slots, new Random(seed)).compose(target)
    // Kept to what the narration language's pace pays for, in whatever language it came out.
    return { script: fitToWordBudget(script, lengthWordBudget(request.targetSeconds, pace), pace) }
  }

  writes(language: string) {
    return hasLexicon(language)
  }

  async post(request: PostRequest) {
    return writePostOffline(request.script, request.language)
  }

  /** Offline topics come in English, whatever the language asked (docs/series.md, Topics). */
  async topics(request: TopicsRequest): Promise<WrittenTopics> {
    return { topics: writeTopicsOffline(request.about, request.count), language: 'english' }
  }
}

function moodOf(mood: string): Mood {
  const known = MOODS.find((candidate) => candidate === mood.trim().toLowerCase())
  return known ?? 'engaging'
}

/**
 * The narrator's templates with the mood's own hooks and lines mixed in. The
 * hook says what was asked for whole: a how-to's activity, a question as
 * asked, a long description's scene; only a short topic is named by its
 * subject alone.
 */
function voiceTrack(lexicon: Lexicon, mood: Mood, described: Described): Track {
  const words = lexicon.moods[mood]
  const general = {
    ...lexicon.voice,
    hook: [...lexicon.voice.hook, ...words.hooks],
    build: [...lexicon.voice.build, ...words.lines],
    turn: [...lexicon.voice.turn, ...words.lines.slice(0, 1)],
  }
  switch (described.shape) {
    case 'how-to':
      return { ...general, hook: lexicon.howTo.hooks, payoff: lexicon.howTo.payoffs }
    case 'question':
      return { ...general, hook: lexicon.question.hooks, payoff: lexicon.question.payoffs }
    case 'scene':
      return { ...general, hook: general.hook.filter((hook) => hook.includes('{topic}')) }
    case 'topic':
      return general
  }
}

type Described = {
  shape: 'how-to' | 'question' | 'scene' | 'topic'
  subject: string
  things: string[]
  topic: string
  plural: boolean
  /** A how-to's activity as its pattern captured it ("brew pour-over coffee"). */
  activity: string
  /** The description as asked, when it is a question. */
  question: string
}

/** Fills template slots; every call picks fresh style and mood words. */
class Slots {
  #described: Described
  #lexicon: Lexicon
  #request: ScriptRequest
  #mood: Mood

  constructor(request: ScriptRequest, mood: Mood, lexicon: Lexicon, described: Described) {
    this.#request = request
    this.#mood = mood
    this.#lexicon = lexicon
    this.#described = described
  }

  fill(template: string, random: Random) {
    const text = template.replace(/\{(\w+)\}/g, (_, slot: string) => this.#value(slot, random))
    return capitalize(this.#lexicon.polish(text))
  }

  #value(slot: string, random: Random) {
    const style = this.#lexicon.styles[this.#request.style]
    const mood = this.#lexicon.moods[this.#mood]
    const described = this.#described
    switch (slot) {
      case 'subject':
        return described.subject
      case 'thing':
        return random.pick(described.things)
      case 'topic':
        return described.topic
      case 'activity':
        return described.activity
      case 'question':
        return described.question
      case 'look':
        return style.look
      case 'visual':
        return random.pick(style.visuals)
      case 'detail':
        return random.pick(style.details)
      case 'light':
        return random.pick(style.lights)
      case 'mood':
        return random.pick(mood.adjectives)
      case 'feeling':
        return random.pick(mood.feelings)
      case 'shot':
        return random.pick(this.#lexicon.shots)
      case 'action':
        return random.pick(this.#lexicon.actions)[described.plural ? 1 : 0]
      default:
        throw new Error(`Unknown script template slot {${slot}}`)
    }
  }
}

/**
 * Composes one text to a word budget: a hook, then arcs of development
 * (setup → build → turn, later arcs opening with a transition), then the
 * payoff and call whose length lands the total closest to the budget.
 */
class Narrative {
  #track: Track
  #slots: Slots
  #random: Random
  #decks = new Map<Phase, Deck>()
  #sentences: string[] = []
  #words = 0

  constructor(track: Track, slots: Slots, random: Random) {
    this.#track = track
    this.#slots = slots
    this.#random = random
  }

  compose(target: number) {
    if (target < MIN_COMPOSED_WORDS) return this.#short(target)

    this.#add(this.#hook(target))
    const closings = this.#closings()
    const longestClosing = Math.max(...closings.map((closing) => closing.words))
    const shortestClosing = Math.min(...closings.map((closing) => closing.words))
    const arcWords = Math.min(250, Math.max(60, Math.round(target / 5)))
    const bodyStart = this.#words
    let arc = 0

    while (target - this.#words > longestClosing) {
      const bodyWords = this.#words - bodyStart
      const budget = target - this.#words - shortestClosing
      // A new arc only when there is room left to tell it.
      if (bodyWords >= (arc + 1) * arcWords && budget > arcWords / 2) {
        arc += 1
        const transition = this.#draw('transition', budget)
        if (transition) this.#add(transition)
        continue
      }
      const sentence = this.#draw(this.#phase(arc, bodyWords / arcWords - arc), budget)
      if (!sentence) break
      this.#add(sentence)
    }

    const remaining = target - this.#words
    const closing = closings.reduce((best, candidate) =>
      Math.abs(candidate.words - remaining) < Math.abs(best.words - remaining) ? candidate : best
    )
    closing.sentences.forEach((sentence) => this.#add(sentence))
    return this.#sentences.join(' ')
  }

  /** The first arc sets the scene; later ones only build and turn. */
  #phase(arc: number, progress: number): Phase {
    if (arc === 0 && progress < 0.3) return 'setup'
    return progress < 0.7 ? 'build' : 'turn'
  }

  /** A hook that leaves room for the rest: at most half the budget when one fits. */
  #hook(target: number) {
    const hooks = this.#random
      .shuffle(this.#track.hook)
      .map((template) => this.#slots.fill(template, this.#random))
    return (
      hooks.find((hook) => countWords(hook) <= target / 2) ??
      hooks.reduce((shortest, hook) => (countWords(hook) < countWords(shortest) ? hook : shortest))
    )
  }

  /** Every call alone and every payoff followed by a call, in a seeded order. */
  #closings() {
    const fill = (template: string) => this.#slots.fill(template, this.#random)
    const calls = this.#random.shuffle(this.#track.call).map(fill)
    const payoffs = this.#random.shuffle(this.#track.payoff).map(fill)
    const options = [
      ...payoffs.flatMap((payoff) => calls.map((call) => [payoff, call])),
      ...calls.map((call) => [call]),
    ]
    return options.map((sentences) => ({ sentences, words: countWords(sentences.join(' ')) }))
  }

  /** The next sentence of a phase that fits the budget and differs from the last one. */
  #draw(phase: Phase, budget: number) {
    const deck = this.#deck(phase)
    for (let attempt = 0; attempt < deck.size; attempt++) {
      const sentence = this.#slots.fill(deck.next(), this.#random)
      if (countWords(sentence) <= budget && sentence !== this.#sentences.at(-1)) return sentence
    }
    return undefined
  }

  #deck(phase: Phase) {
    let deck = this.#decks.get(phase)
    if (!deck) {
      deck = new Deck(this.#track[phase], this.#random)
      this.#decks.set(phase, deck)
    }
    return deck
  }

  #add(sentence: string) {
    this.#sentences.push(sentence)
    this.#words += countWords(sentence)
  }

  /**
   * For a handful of words: the hook, the call or both, whichever is closest
   * to the budget; when none is close enough, sentences run on and are cut.
   */
  #short(target: number) {
    const fill = (template: string) => this.#slots.fill(template, this.#random)
    const hooks = this.#random.shuffle(this.#track.hook).map(fill)
    const calls = this.#random.shuffle(this.#track.call).map(fill)
    const options = [
      ...hooks,
      ...calls,
      ...hooks.flatMap((hook) => calls.map((call) => `${hook} ${call}`)),
    ]
    const closest = options.reduce((best, option) =>
      Math.abs(countWords(option) - target) < Math.abs(countWords(best) - target) ? option : best
    )
    if (Math.abs(countWords(closest) - target) <= target * LENGTH_TOLERANCE) return closest
    const words = [closest, ...calls].join(' ').split(/\s+/).slice(0, target)
    return `${words.join(' ').replace(/[^\p{L}\p{N}]+$/u, '')}.`
  }
}

/** Templates dealt in a shuffled order, reshuffled when used up, never the same twice in a row. */
class Deck {
  #templates: string[]
  #random: Random
  #queue: string[] = []
  #last: string | undefined

  constructor(templates: string[], random: Random) {
    this.#templates = templates
    this.#random = random
  }

  get size() {
    return this.#templates.length
  }

  next() {
    if (this.#queue.length === 0) {
      this.#queue = this.#random.shuffle(this.#templates)
      if (this.#queue.length > 1 && this.#queue[0] === this.#last) {
        this.#queue.push(this.#queue.shift()!)
      }
    }
    this.#last = this.#queue.shift()!
    return this.#last
  }
}

/** Words at least this many (after the request around them) make a scene to tell whole. */
const SCENE_MIN_WORDS = 8

/**
 * The description's words as the templates need them. The request around it
 * ("a short video about") is dropped; what remains is a how-to (its activity,
 * whose object is the subject), a question (asked as it was; its first noun
 * phrase is the subject), a scene of many words (told whole as the topic) or
 * a topic. The subject is the first noun phrase that names something (not a
 * framing like "a quick tour" or "the history"), the other phrases are
 * things to cut to, and the first sentence is the topic. Phrases are runs of
 * words between stopwords; a word right before an article reads as a verb
 * ("robot discovers a flower").
 */
function describe(description: string, lexicon: Lexicon): Described {
  const text = lexicon.requests.reduce(
    (rest, request) => rest.replace(request, ''),
    description.trim().replace(/^[¿¡]/, '')
  )
  const asked = /[?？]\s*$/.test(description)
  const howTo = asked ? null : text.match(lexicon.howTo.pattern)
  const activity = howTo ? howTo[1].replace(/[\s.!…]+$/u, '') : ''
  const tokens = firstWords(howTo ? withoutVerb(activity, lexicon) : text)
  const phrases = namedPhrases(tokens, lexicon, asked)
  const shape: Described['shape'] = howTo
    ? 'how-to'
    : asked
      ? 'question'
      : tokens.length >= SCENE_MIN_WORDS
        ? 'scene'
        : 'topic'
  const question = asked ? description.trim() : ''
  const topic = topicText(firstWords(text), lexicon)
  if (phrases.length === 0) {
    const fallback = lexicon.fallbackSubject
    return {
      shape,
      subject: fallback,
      things: [fallback],
      topic,
      plural: false,
      activity,
      question,
    }
  }

  const [first, ...others] = phrases
  const subject = phraseText(first, lexicon)
  const things = others.slice(0, 6).map((phrase) => phraseText(phrase, lexicon, 'the'))
  return {
    shape,
    subject,
    things: things.length > 0 ? things : [subject],
    topic,
    plural: isPlural(first),
    activity,
    question,
  }
}

/** A how-to's activity without its verb: "brew pour-over coffee" → "pour-over coffee". */
function withoutVerb(activity: string, lexicon: Lexicon) {
  const words = activity.split(/\s+/)
  return (lexicon.howTo.verb === 'first' ? words.slice(1) : words.slice(0, -1)).join(' ')
}

/**
 * The noun phrases that name something, framings left out unless nothing
 * else is named. In a question with an auxiliary ("Why do cats purr?") the
 * first phrase's last word is its verb; German keeps a phrase to its last
 * capitalized word, its noun ("Kaffee richtig" → "Kaffee").
 */
function namedPhrases(tokens: string[], lexicon: Lexicon, asked: boolean) {
  const framings = new Set(lexicon.framings)
  const auxiliaries = new Set(lexicon.question.auxiliaries)
  const hasAuxiliary = asked && tokens.some((token) => auxiliaries.has(bare(token).toLowerCase()))
  const all = nounPhrases(tokens, lexicon).flatMap((phrase, index) => {
    let words = phrase.words
    if (hasAuxiliary && index === 0 && words.length > 1) words = words.slice(0, -1)
    if (lexicon.capitalizedNouns) {
      const noun = words.findLastIndex((word) => /^\p{Lu}/u.test(word))
      words = noun === -1 ? [] : words.slice(0, noun + 1)
    }
    return words.length > 0 ? [{ ...phrase, words }] : []
  })
  const named = all.filter((phrase) => !framings.has(phrase.words.at(-1)!.toLowerCase()))
  return named.length > 0 ? named : all
}

function isPlural(phrase: Phrase) {
  const head = phrase.words.at(-1)!.toLowerCase()
  return /[^s]s$/.test(head) && !/(us|is|ics)$/.test(head) && head.length > 3
}

type Phrase = { determiner?: string; words: string[] }

function firstWords(description: string) {
  return description
    .replace(/[“”"«»()[\]{}<>]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 60)
}

function bare(token: string) {
  return token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
}

function nounPhrases(tokens: string[], lexicon: Lexicon) {
  const determiners = new Set(lexicon.determiners)
  const stopwords = new Set(lexicon.stopwords)
  const linkers = new Set(lexicon.linkers)
  const phrases: Phrase[] = []
  let current: Phrase = { words: [] }
  let determiner: string | undefined

  const close = () => {
    const words = dropVerbs(current)
    if (words.some((word) => word.length > 2)) {
      phrases.push({ determiner: current.determiner, words: words.slice(-PHRASE_MAX_WORDS) })
    }
    current = { words: [] }
  }

  tokens.forEach((token, index) => {
    const word = bare(token)
    const lower = word.toLowerCase()
    const nextLower = bare(tokens[index + 1] ?? '').toLowerCase()
    const nextWord = bare(tokens[index + 1] ?? '')
    const links =
      linkers.has(lower) &&
      current.words.length > 0 &&
      token === word &&
      nextWord !== '' &&
      !stopwords.has(nextLower) &&
      !determiners.has(nextLower)
    if (links) {
      current.words.push(word)
    } else if (determiners.has(lower)) {
      close()
      determiner = lower
    } else if (!word || stopwords.has(lower)) {
      close()
      determiner = undefined
    } else if (determiners.has(nextLower) && !(determiner && current.words.length === 0)) {
      close()
      determiner = undefined
    } else {
      if (current.words.length === 0) current.determiner = determiner
      current.words.push(index === 0 ? firstWordCase(word, lexicon) : word)
      determiner = undefined
    }
    if (/[,;:.!?]$/.test(token)) close()
  })
  close()
  return phrases
}

/**
 * "a flower growing" → "a flower", "is made" → nothing: a trailing -ing or
 * -ed word is an action, unless an article makes it a noun ("a wedding").
 */
function dropVerbs(phrase: Phrase) {
  const last = phrase.words.at(-1)
  if (!last || !/(ing|ed)$/i.test(last)) return phrase.words
  return phrase.words.length > 1 || !phrase.determiner ? phrase.words.slice(0, -1) : phrase.words
}

/**
 * The phrase as typed, with its article. English makes it definite ("a robot"
 * → "the robot") and may give a bare singular common noun the `article`.
 */
function phraseText(phrase: Phrase, lexicon: Lexicon, article?: string) {
  const words = phrase.words.join(' ')
  if (!phrase.determiner) {
    const common = words === words.toLowerCase() && !isPlural(phrase)
    return lexicon.definiteSubject && article && common ? `${article} ${words}` : words
  }
  const indefinite = ['a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'every']
  if (lexicon.definiteSubject && indefinite.includes(phrase.determiner)) return `the ${words}`
  return `${phrase.determiner} ${words}`
}

/** The first sentence, at most TOPIC_MAX_WORDS words, ready to follow a colon. */
function topicText(tokens: string[], lexicon: Lexicon) {
  const end = tokens.findIndex((token) => /[.!?]$/.test(token))
  const sentence = tokens.slice(0, end === -1 ? tokens.length : end + 1).slice(0, TOPIC_MAX_WORDS)
  const stopwords = new Set([...lexicon.stopwords, ...lexicon.determiners])
  while (sentence.length > 1 && stopwords.has(bare(sentence.at(-1)!).toLowerCase())) sentence.pop()
  const first = bare(sentence[0])
  const isFunctionWord = stopwords.has(first.toLowerCase())
  sentence[0] = isFunctionWord
    ? sentence[0].replace(first, first.toLowerCase())
    : sentence[0].replace(first, firstWordCase(first, lexicon))
  return sentence.join(' ').replace(/[\s,;:.!?…]+$/, '')
}

/** Endings of words that are rarely names: adjectives, participles, -ness and -tion nouns. */
const COMMON_ENDINGS = /(?:y|ful|ous|ive|al|ic|less|ing|ed|ish|ness|tion|ment|est|er)$/i

/**
 * A description's first word is capitalized as a sentence's: "Lonely" →
 * "lonely" and framings lose the capital, but a name ("Lisbon", "NASA") and
 * German nouns keep theirs.
 */
function firstWordCase(word: string, lexicon: Lexicon) {
  if (lexicon.capitalizedNouns || word.slice(1) !== word.slice(1).toLowerCase()) return word
  const lower = word.charAt(0).toLowerCase() + word.slice(1)
  const common = COMMON_ENDINGS.test(word) || lexicon.framings.includes(lower.toLowerCase())
  return common ? lower : word
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
