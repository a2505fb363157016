import logger from '@adonisjs/core/services/logger'
import { styleName } from '#core/vocabulary'
import {
  ProviderError,
  type PostRequest,
  type ScriptRequest,
  type ScriptWriter,
  type TopicsRequest,
  type WrittenScript,
  type WrittenTopics,
} from '#media/providers/contracts'
import { FalQueue, type FalConfig } from '#media/providers/fal/fal_queue'
import { writePostOffline } from '#media/providers/local/local_post_writer'
import { distinctTopics, writeTopicsOffline } from '#media/providers/local/local_topic_writer'
import { lengthWordBudget } from '#shared/script_plan'
import { fitToWordBudget } from '#shared/script_fit'
import { languageNamed } from '#shared/languages'
import {
  HASHTAG,
  POST_DESCRIPTION_MAX,
  POST_HASHTAGS_MAX,
  POST_HASHTAGS_MIN,
  POST_TITLE_MAX,
  type VideoPost,
} from '#shared/video_post'

export type FalScriptWriterConfig = FalConfig & {
  /** Any model fal's OpenRouter endpoint serves. */
  model?: string
}

const ENDPOINT = 'openrouter/router'
const DEFAULT_MODEL = 'google/gemini-2.5-flash'

const SYSTEM_PROMPT = [
  'You write the text of short AI-generated videos.',
  'Reply with one JSON object and nothing else (no code fences, no comments):',
  '{"script": "..."}.',
  '"script" is what the narrator says, spoken naturally, and what the scenes show: concrete',
  'sentences a painter could follow, scene after scene; no headings, scene numbers or camera',
  'directions. Write it in the requested language, in the requested style and mood, never more than',
  'the requested number of words (characters, for a language written without spaces).',
].join(' ')

const POST_SYSTEM_PROMPT = [
  'You write the post a short video is published with on TikTok, Instagram Reels and YouTube Shorts.',
  'Reply with one JSON object and nothing else (no code fences, no comments):',
  '{"title": "...", "description": "...", "hashtags": ["#...", "#..."]}.',
  `"title": what the video is about, catchy, at most 70 characters (never more than ${POST_TITLE_MAX}).`,
  '"description": one to three sentences that make people watch, at most 300 characters,',
  'without hashtags. "hashtags": 3 to 5 hashtags, each "#" followed by letters, digits or',
  'underscores only (no spaces, no punctuation), at most 50 characters.',
  "Write all of it in the requested language, in its own script, from the video's script only.",
].join(' ')

const TOPICS_SYSTEM_PROMPT = [
  'You suggest the topics of a series of short videos (TikTok, Instagram Reels, YouTube Shorts),',
  'one video per topic. Reply with one JSON object and nothing else (no code fences, no comments):',
  '{"topics": ["...", "..."]}, with exactly the requested number of topics.',
  'Each topic is a specific, catchy video title about the subject, at most 100 characters, on one',
  'line, different from every other one; no numbering, quotes or hashtags, and never starting',
  'with =, +, - or @. Write them in the requested language, in its own script.',
].join(' ')

/** A post is a video's last step: a slow LLM gives way to the offline writer rather than hold it. */
const POST_TIMEOUT_MS = 60_000

/** Scripts and posts from an LLM behind fal's OpenRouter endpoint. */
export class FalScriptWriter implements ScriptWriter {
  readonly #queue: FalQueue
  readonly #postQueue: FalQueue
  readonly #model: string

  constructor(config: FalScriptWriterConfig) {
    this.#queue = new FalQueue(config)
    this.#postQueue = new FalQueue({
      ...config,
      timeoutMs: Math.min(config.timeoutMs ?? POST_TIMEOUT_MS, POST_TIMEOUT_MS),
    })
    this.#model = config.model ?? DEFAULT_MODEL
  }

  /** The LLM writes in every catalogue language. */
  writes() {
    return true
  }

  async write(request: ScriptRequest): Promise<WrittenScript> {
    // Never more words (characters, unspaced) than the chosen length's credits pay for (docs/product.md, Setup).
    const language = languageNamed(request.language)
    const words = Math.max(
      1,
      Math.min(
        Math.round(request.targetSeconds * language.perSecond),
        lengthWordBudget(request.targetSeconds, language)
      )
    )
    const output = await this.#queue.run(ENDPOINT, {
      model: this.#model,
      system_prompt: SYSTEM_PROMPT,
      prompt: [
        `Video idea: ${request.description}`,
        `Visual style: ${styleName(request.style)}`,
        `Mood: ${request.mood}`,
        `Language: ${language.displayName} (${language.locale}), in its own script`,
        `Length: ${request.targetSeconds} seconds, so at most ${words} ${language.unit}s.`,
      ].join('\n'),
    })
    if (output.error) {
      throw new ProviderError(`fal.ai LLM ${this.#model} failed: ${output.error}`, 'failed')
    }
    const { script } = parseScript(output.output ?? '')
    return { script: fitToWordBudget(script, words, language) }
  }

  /**
   * The LLM's post, each field checked against the post's limits; a field
   * it got wrong, or the whole post when the call fails, is the offline
   * writer's (docs/product.md, Ready to post).
   */
  async post(request: PostRequest): Promise<VideoPost> {
    const offline = writePostOffline(request.script, request.language)
    const language = languageNamed(request.language)
    try {
      const output = await this.#postQueue.run(
        ENDPOINT,
        {
          model: this.#model,
          system_prompt: POST_SYSTEM_PROMPT,
          prompt: [
            `Language: ${language.displayName} (${language.locale}), in its own script`,
            `Video script: ${request.script}`,
          ].join('\n'),
        },
        { cancel: request.signal }
      )
      if (output.error) {
        throw new ProviderError(`fal.ai LLM ${this.#model} failed: ${output.error}`, 'failed')
      }
      const answer = parseJson(output.output ?? '')
      const written = {
        title: titleOf(answer.title),
        description: descriptionOf(answer.description),
        hashtags: hashtagsOf(answer.hashtags),
      }
      const unusable = Object.keys(written).filter(
        (field) => written[field as keyof VideoPost] === null
      )
      if (unusable.length > 0) {
        logger.warn({ model: this.#model, unusable }, 'LLM post fields written offline instead')
      }
      return {
        title: written.title ?? offline.title,
        description: written.description ?? offline.description,
        hashtags: written.hashtags ?? offline.hashtags,
      }
    } catch (error) {
      logger.warn({ err: error, model: this.#model }, 'the LLM wrote no post: written offline')
      return offline
    }
  }

  /**
   * The LLM's topics, each checked against a series' topic rules and said
   * once; a shortfall is topped up, and a failed call replaced, by the offline
   * writer's (docs/series.md, Topics).
   */
  async topics(request: TopicsRequest): Promise<WrittenTopics> {
    const offline = writeTopicsOffline(request.about, request.count)
    const language = languageNamed(request.language)
    try {
      // A request waits on these: the post's timeout bounds them too, then they are written offline.
      const output = await this.#postQueue.run(ENDPOINT, {
        model: this.#model,
        system_prompt: TOPICS_SYSTEM_PROMPT,
        prompt: [
          `Subject: ${request.about}`,
          `Number of topics: ${request.count}`,
          `Language: ${language.displayName} (${language.locale}), in its own script`,
        ].join('\n'),
      })
      if (output.error) {
        throw new ProviderError(`fal.ai LLM ${this.#model} failed: ${output.error}`, 'failed')
      }
      const written = distinctTopics(topicsOf(output.output ?? '').map(cleanTopic), request.count)
      if (written.length === 0) {
        throw new ProviderError('fal.ai LLM answer held no usable topic', 'failed')
      }
      if (written.length < request.count) {
        logger.warn(
          { model: this.#model, written: written.length, asked: request.count },
          'LLM topics topped up offline'
        )
      }
      return {
        topics: distinctTopics([...written, ...offline], request.count),
        language: request.language,
      }
    } catch (error) {
      logger.warn({ err: error, model: this.#model }, 'the LLM wrote no topics: written offline')
      return { topics: offline, language: 'english' }
    }
  }
}

/** The model's list of topics: `{"topics": [...]}` or a bare array, in prose or code fences. */
function topicsOf(text: string): string[] {
  const unfenced = text.replace(/```[a-z]*/gi, '')
  const candidates = [
    unfenced.slice(unfenced.indexOf('{'), unfenced.lastIndexOf('}') + 1),
    unfenced.slice(unfenced.indexOf('['), unfenced.lastIndexOf(']') + 1),
  ]
  for (const candidate of candidates) {
    let parsed: unknown
    try {
      parsed = JSON.parse(candidate)
    } catch {
      continue
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { topics?: unknown } | null)?.topics
    if (Array.isArray(list)) return list.filter((topic) => typeof topic === 'string')
  }
  return []
}

/** One line, without the numbering, bullet or quotes a model may put around a title. */
function cleanTopic(topic: string) {
  return topic
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:\d{1,3}[.)]\s*|[-*•]\s+)/u, '')
    .replace(/^["“'‘]+|["”'’]+$/gu, '')
    .trim()
}

/** The model's JSON object, tolerating code fences and prose around it. */
function parseJson(text: string): Record<string, unknown> {
  const unfenced = text.replace(/```[a-z]*/gi, '')
  const start = unfenced.indexOf('{')
  const end = unfenced.lastIndexOf('}')
  let parsed: unknown
  try {
    parsed = JSON.parse(unfenced.slice(start, end + 1))
  } catch (error) {
    throw new ProviderError('fal.ai LLM answer was not the requested JSON', 'failed', {
      cause: error,
    })
  }
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}

function parseScript(text: string): WrittenScript {
  const script = parseJson(text).script
  if (typeof script !== 'string' || !script.trim()) {
    throw new ProviderError('fal.ai LLM answer lacked a "script"', 'failed')
  }
  return { script: script.trim() }
}

/** One line of at most POST_TITLE_MAX characters, or null. */
function titleOf(value: unknown) {
  if (typeof value !== 'string') return null
  const title = value.replace(/\s+/g, ' ').trim()
  return title.length >= 1 && title.length <= POST_TITLE_MAX ? title : null
}

function descriptionOf(value: unknown) {
  if (typeof value !== 'string') return null
  const description = value.trim()
  return description.length <= POST_DESCRIPTION_MAX ? description : null
}

/**
 * The hashtags that are hashtags (a missing `#` added, duplicates dropped),
 * the first POST_HASHTAGS_MAX of them; null when fewer than POST_HASHTAGS_MIN.
 */
function hashtagsOf(value: unknown) {
  if (!Array.isArray(value)) return null
  const seen = new Set<string>()
  const hashtags: string[] = []
  for (const entry of value) {
    if (typeof entry !== 'string') continue
    const tag = `#${entry.trim().replace(/^#+/, '')}`
    if (!HASHTAG.test(tag) || seen.has(tag.toLowerCase())) continue
    seen.add(tag.toLowerCase())
    hashtags.push(tag)
  }
  return hashtags.length >= POST_HASHTAGS_MIN ? hashtags.slice(0, POST_HASHTAGS_MAX) : null
}
