import { hashString, Random } from '#media/providers/local/random'
import { lexiconFor } from '#media/providers/local/script_lexicon'
import { topicProblem } from '#shared/series_topics'

/** The request around a series' subject: "30 topics about", "give me video ideas on". */
const REQUEST =
  /^(?:please\s+)?(?:(?:give\s+me|write|make|suggest|list|create)\s+)?(?:(?:some|a\s+few|\d+)\s+)?(?:(?:short|video|tiktok|reel|youtube)\s+)*(?:topics?|ideas?|videos?|posts?|reels?|shorts?|subjects?)\s+(?:about|on|for|around|covering|of)\s+/i

/** A subject short enough that every angle around it stays within a topic's length. */
const SUBJECT_MAX = 80

/** When nothing in the request names a subject. */
const FALLBACK_SUBJECT = 'This subject'

/**
 * Angles on a subject, as a video's title: `{S}` is the subject starting a
 * topic, `{s}` the subject inside one. Each reads on its own as a short video.
 */
const ANGLES = [
  '{S}: 5 mistakes beginners make',
  '{S} for absolute beginners',
  'The history of {s} in 60 seconds',
  '3 myths about {s}, busted',
  '{S} on a budget',
  'What nobody tells you about {s}',
  '{S}: the one tool worth buying',
  'The science behind {s}',
  '{S}: 7 tips that change everything',
  'How to get started with {s} this week',
  '{S} tricks the experts swear by',
  '{S}: why it is worth your time',
  '{S}: before and after',
  '{S}: a checklist for your first try',
  'The weirdest facts about {s}',
  '{S} in 3 simple steps',
  '{S}: cheap vs. expensive',
  'The biggest {s} trend right now',
  '{S} questions, answered in a minute',
  'A day in the life: {s}',
  '{S}: what changes after a month',
  '{S}: overrated or not?',
  'The one habit that makes {s} easier',
  '{S}: what to do when it goes wrong',
  '{S} jargon, explained',
  '{S} in 1990 vs. today',
  'How the pros approach {s}',
  '{S}: the beginner’s shopping list',
  '5 signs you are getting better at {s}',
  '{S}: how to save time',
  'The most common {s} question',
  '{S} around the world',
  '{S}: the rules you can break',
  'A 60-second guide to {s}',
  '{S}: small changes, big results',
  'The hidden costs of {s}',
  '{S}: what I wish I knew sooner',
  'Rating popular {s} hacks',
  '{S}: a beginner tries it for a week',
  'The environmental side of {s}',
  '{S}: the 10-minute version',
  'Why people quit {s}, and how not to',
  '{S} for people with no time',
  'The best advice about {s} in one sentence',
  '{S}: three levels, beginner to expert',
  'Debunking a viral {s} tip',
  '{S}: the gear you do not need',
  'How {s} changed in the last ten years',
  '{S}: a step-by-step walkthrough',
  'One thing to try with {s} today',
  '{S}: the numbers that matter',
  'The biggest {s} debate, settled',
  '{S}: how to tell good from great',
  'What experts get wrong about {s}',
  '{S}: a safety check',
  'The perfect first week of {s}',
  '{S}: common questions from beginners',
  'The psychology of {s}',
  '{S}: the quick wins',
  '{S} with what you already have',
  'The future of {s}',
  '{S}: three ways to do it',
  'The origins of {s}',
  '{S}: troubleshooting in 60 seconds',
  'The unwritten rules of {s}',
  '{S} challenge: 7 days',
  'A brief tour of {s}',
  '{S}: the overlooked detail',
  'Things that make {s} harder than it should be',
  '{S}: a myth and the truth',
  'What {s} can teach you about patience',
  '{S}: how to keep it fun',
  'The surprising benefits of {s}',
  '{S}: fast vs. slow',
  '{S}: more popular than ever',
  '{S}: your questions answered',
  'Three experiments with {s}',
  '{S}: from zero to confident',
  'The most underrated part of {s}',
  '{S}: what to learn first',
]

/** Who a topic speaks to: "{S} for busy parents". */
const AUDIENCES = [
  'busy parents',
  'students',
  'kids',
  'seniors',
  'small apartments',
  'travellers',
  'remote workers',
  'couples',
  'weekends',
  'total skeptics',
  'perfectionists',
  'night owls',
]

/** When a topic happens: "{S} in winter". */
const MOMENTS = [
  'in winter',
  'in summer',
  'on a rainy day',
  'before work',
  'on holiday',
  'at the weekend',
  'in 5 minutes',
  'on a Sunday morning',
  'for a party',
  'for the holidays',
]

/** The angles that still read when a part of the subject stands in for the whole. */
const FACET_ANGLES = ANGLES.filter((angle) => angle.startsWith('{S}'))

type Subject = { start: string; inside: string }

/**
 * The offline topic writer (docs/series.md, Topics): `count` distinct
 * topics about `about`, in English, from angles on the subject, the subject
 * for an audience or a moment, and the angles on its head phrases ("coffee
 * brewing" of "home coffee brewing"). Seeded by the subject, so the same
 * request reads the same, and a longer list starts with the shorter one.
 * Every topic passes the series' topic rules. It is the fal driver's
 * fallback and top-up too, so it never fails.
 */
export function writeTopicsOffline(about: string, count: number): string[] {
  const words = subjectWords(about)
  const whole = subjectOf(words, openedWith(about, words))
  const random = new Random(hashString(whole.start.toLowerCase()))
  const main = random.shuffle(ANGLES).map((angle) => fill(angle, whole))
  const framed = random.shuffle([
    ...AUDIENCES.map((audience) => `${whole.start} for ${audience}`),
    ...MOMENTS.map((moment) => `${whole.start} ${moment}`),
  ])
  const facets = headPhrases(words).map((phrase) => subjectOf(phrase, false))
  const faceted = random.shuffle(
    facets.flatMap((facet) => FACET_ANGLES.map((angle) => fill(angle, facet)))
  )
  // Numbered ideas only should the angles ever run out.
  const ideas = Array.from({ length: count }, (_, index) => `${whole.start}: idea ${index + 1}`)
  return distinctTopics([...interleave([main, main, faceted, framed]), ...ideas], count)
}

/** The first `count` of `candidates` a series takes as typed, each once whatever its case and spacing. */
export function distinctTopics(candidates: Iterable<string>, count: number) {
  const topics: string[] = []
  const seen = new Set<string>()
  for (const topic of candidates) {
    if (topics.length >= count) break
    const key = topicKey(topic)
    if (seen.has(key) || topicProblem(topic) !== null) continue
    seen.add(key)
    topics.push(topic)
  }
  return topics
}

/** How two topics are told apart: not by case, spacing or a closing full stop. */
export function topicKey(topic: string) {
  return topic
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '')
    .trim()
}

/** Takes from each list in turn, as many times as it is named, until all are used up. */
function* interleave(lists: string[][]) {
  const positions = new Map<string[], number>()
  let taken = true
  while (taken) {
    taken = false
    for (const list of lists) {
      const position = positions.get(list) ?? 0
      if (position >= list.length) continue
      positions.set(list, position + 1)
      taken = true
      yield list[position]
    }
  }
}

function fill(angle: string, subject: Subject) {
  return angle.replace('{S}', subject.start).replace('{s}', subject.inside)
}

/** The subject's words: the request around it, quotes and a closing stop dropped, at most SUBJECT_MAX characters. */
function subjectWords(about: string) {
  const text = about
    .replace(/\s+/g, ' ')
    .trim()
    .replace(REQUEST, '')
    .replace(/["“”«»]/g, '')
    .replace(/^[^\p{L}\p{N}]+|[\s.!?…,;:]+$/gu, '')
  const words: string[] = []
  for (const word of withoutFraming(text.split(' ').filter(Boolean))) {
    if ([...words, word].join(' ').length > SUBJECT_MAX) break
    words.push(word)
  }
  return words
}

/**
 * Without a framing the angles already say: "the history of Lisbon trams" →
 * "Lisbon trams", "a quick tour of Porto" → "Porto".
 */
function withoutFraming(words: string[]) {
  const english = lexiconFor('english')
  const of = words.findIndex((word) => word.toLowerCase() === 'of')
  if (of < 1 || of === words.length - 1) return words
  const before = words.slice(0, of).map((word) => word.toLowerCase())
  const framing = before.at(-1)!
  const rest = before.slice(0, -1)
  const framed =
    english.framings.includes(framing) &&
    rest.every((word) => english.determiners.includes(word) || /^(?:quick|short|brief)$/.test(word))
  return framed ? words.slice(of + 1) : words
}

/** Whether the subject is the request's first word, capitalized as a sentence's start is. */
function openedWith(about: string, words: string[]) {
  const [opening] = about
    .trim()
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .split(/\s/)
  return words.length > 0 && words[0] === opening
}

/**
 * The subject as a topic starts with it and inside one: its first letter a
 * capital, then as typed; a request's first word in lower case unless it is
 * written like a name ("iPhone", "NASA").
 */
function subjectOf(words: string[], opening: boolean): Subject {
  if (words.length === 0) return { start: FALLBACK_SUBJECT, inside: FALLBACK_SUBJECT.toLowerCase() }
  const text = words.join(' ')
  const [first] = words
  const named = first.slice(1) !== first.slice(1).toLowerCase()
  return {
    start: named ? text : text.charAt(0).toUpperCase() + text.slice(1),
    inside: named || !opening ? text : text.charAt(0).toLowerCase() + text.slice(1),
  }
}

/**
 * The subject's shorter names, its head last as English puts it: "home
 * coffee brewing" → "coffee brewing", "brewing"; one starting with a little
 * word ("of Lisbon") is none.
 */
function headPhrases(words: string[]) {
  const little = new Set([...lexiconFor('english').stopwords, ...lexiconFor('english').determiners])
  return words
    .map((_, start) => words.slice(start))
    .slice(1)
    .filter((phrase) => {
      const head = phrase[0].toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
      return head.length > 2 && !little.has(head)
    })
}
