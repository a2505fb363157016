import {
  ProviderError,
  type Speech,
  type SpeechOptions,
  type TimedWord,
  type VoiceSynthesizer,
} from '#media/providers/contracts'
import type { ElevenLabsConfig } from '#media/providers/elevenlabs/elevenlabs_voice_catalog'
import { readElevenLabsFailure } from '#media/providers/elevenlabs/elevenlabs_errors'

/** ElevenLabs' character timings, three parallel arrays. */
export type ElevenLabsAlignment = {
  characters: string[]
  character_start_times_seconds: number[]
  character_end_times_seconds: number[]
}

type TimestampedSpeech = {
  audio_base64?: unknown
  alignment?: ElevenLabsAlignment | null
  normalized_alignment?: ElevenLabsAlignment | null
}

const DEFAULT_BASE_URL = 'https://api.elevenlabs.io'
// Long narrations take a while to synthesise: the whole answer comes in one body.
const DEFAULT_TIMEOUT_MS = 120_000
const MODEL = 'eleven_multilingual_v2'
const OUTPUT_FORMAT = 'mp3_44100_128'
/** The speeds ElevenLabs accepts in voice_settings; anything outside is answered 400. */
const MIN_SPEED = 0.7
const MAX_SPEED = 1.2

/**
 * Narration from ElevenLabs' text-to-speech with timestamps: the MP3 and the
 * time of every word, read from the character alignment it returns.
 */
export class ElevenLabsVoiceSynthesizer implements VoiceSynthesizer {
  readonly #apiKey: string
  readonly #baseUrl: string
  readonly #timeoutMs: number

  constructor(config: ElevenLabsConfig) {
    this.#apiKey = config.apiKey
    this.#baseUrl = (config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  /**
   * `speed` is 1 for the voice's natural pace, kept within ElevenLabs'
   * 0.7–1.2; without it the voice's stored settings apply. The texts around
   * this one go as `previous_text` and `next_text`, which ElevenLabs reads
   * for intonation and does not speak (nor bill).
   */
  async synthesize(
    text: string,
    voiceId: string,
    options: Partial<SpeechOptions> = {}
  ): Promise<Speech> {
    if (!this.#apiKey) {
      throw new ProviderError('ElevenLabs API key is not set', 'configuration')
    }
    if (!text.trim()) {
      throw new ProviderError('ElevenLabs was given no text to speak', 'rejected_input')
    }
    const speed = options.speed === undefined ? undefined : clampSpeed(options.speed)
    const path = `/v1/text-to-speech/${encodeURIComponent(voiceId)}/with-timestamps`
    const body = await this.#post(`${path}?output_format=${OUTPUT_FORMAT}`, {
      text,
      model_id: MODEL,
      ...(speed !== undefined && { voice_settings: { speed } }),
      ...(options.previousText && { previous_text: options.previousText }),
      ...(options.nextText && { next_text: options.nextText }),
    })
    if (typeof body.audio_base64 !== 'string' || body.audio_base64 === '') {
      throw new ProviderError('ElevenLabs returned no audio', 'failed')
    }
    const alignment = body.alignment ?? body.normalized_alignment
    return {
      audio: Buffer.from(body.audio_base64, 'base64'),
      contentType: 'audio/mpeg',
      words: alignment ? wordsFromAlignment(alignment) : [],
    }
  }

  async #post(path: string, payload: unknown): Promise<TimestampedSpeech> {
    const signal = AbortSignal.timeout(this.#timeoutMs)
    try {
      const response = await fetch(`${this.#baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept': 'application/json',
          'xi-api-key': this.#apiKey,
        },
        body: JSON.stringify(payload),
        signal,
      })
      if (!response.ok) {
        const failure = await readElevenLabsFailure(response)
        throw failure.error
      }
      const text = await response.text()
      try {
        return JSON.parse(text) as TimestampedSpeech
      } catch (error) {
        throw new ProviderError('ElevenLabs speech was not JSON', 'failed', { cause: error })
      }
    } catch (error) {
      if (error instanceof ProviderError) {
        throw error
      }
      const timedOut = signal.aborted || (error instanceof Error && error.name === 'TimeoutError')
      throw new ProviderError(
        `ElevenLabs ${timedOut ? 'timed out' : 'is unreachable'}`,
        'transient',
        { cause: error }
      )
    }
  }
}

/**
 * Words from character timings: whitespace separates them; a word starts
 * when its first character does and ends when its last one does.
 */
export function wordsFromAlignment(alignment: ElevenLabsAlignment): TimedWord[] {
  const {
    characters,
    character_start_times_seconds: starts,
    character_end_times_seconds: ends,
  } = alignment
  const words: TimedWord[] = []
  let current: { text: string; start: number; end: number } | undefined
  const flush = () => {
    if (current) {
      words.push({
        text: current.text,
        startMs: Math.round(current.start * 1000),
        endMs: Math.round(Math.max(current.start, current.end) * 1000),
      })
    }
    current = undefined
  }
  const count = Math.min(characters.length, starts.length, ends.length)
  for (let index = 0; index < count; index++) {
    const character = characters[index]
    if (/^\s*$/.test(character)) {
      flush()
      continue
    }
    if (current) {
      current.text += character
      current.end = ends[index]
    } else {
      current = { text: character, start: starts[index], end: ends[index] }
    }
  }
  flush()
  return words
}

function clampSpeed(speed: number) {
  if (!Number.isFinite(speed)) return 1
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed))
}
