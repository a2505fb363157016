import { styleName } from '#core/vocabulary'
import {
  ProviderError,
  type ScriptRequest,
  type ScriptWriter,
  type WrittenScript,
} from '#media/providers/contracts'
import { FalQueue, type FalConfig } from '#media/providers/fal/fal_queue'
import { lengthWordBudget } from '#shared/script_plan'
import { fitToWordBudget } from '#shared/script_fit'
import { languageNamed } from '#shared/languages'

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

/** Scripts from an LLM behind fal's OpenRouter endpoint. */
export class FalScriptWriter implements ScriptWriter {
  readonly #queue: FalQueue
  readonly #model: string

  constructor(config: FalScriptWriterConfig) {
    this.#queue = new FalQueue(config)
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
}

/** The model's JSON, tolerating code fences and prose around it. */
function parseScript(text: string): WrittenScript {
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
  const fields = (parsed ?? {}) as Record<string, unknown>
  const script = fields.script
  if (typeof script !== 'string' || !script.trim()) {
    throw new ProviderError('fal.ai LLM answer lacked a "script"', 'failed')
  }
  return { script: script.trim() }
}
