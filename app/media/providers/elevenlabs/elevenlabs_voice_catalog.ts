import {
  ProviderError,
  type AudioClip,
  type Voice,
  type VoiceCatalog,
  type VoiceProvider,
} from '#media/providers/contracts'
import { readElevenLabsFailure } from '#media/providers/elevenlabs/elevenlabs_errors'
import { LANGUAGE_CATALOGUE, languageNamed } from '#shared/languages'

export type ElevenLabsConfig = {
  apiKey: string
  /** Defaults to https://api.elevenlabs.io; tests point it at a local fake. */
  baseUrl?: string
  /** Per HTTP call. */
  timeoutMs?: number
}

const PROVIDER = { id: 'elevenlabs', name: 'ElevenLabs' }
const DEFAULT_BASE_URL = 'https://api.elevenlabs.io'
const DEFAULT_TIMEOUT_MS = 30_000
const CACHE_MS = 5 * 60_000
const PREVIEW_MODEL = 'eleven_multilingual_v2'

/** ElevenLabs labels voices with ISO 639-1 codes; the studio speaks in the catalogue's names. */
const LANGUAGE_CODES: Record<string, string> = Object.fromEntries(
  LANGUAGE_CATALOGUE.map((entry) => [entry.locale.split('-')[0], entry.name])
)

/** Previews that name the voice; other languages say the catalogue's sample. */
const PREVIEW_TEXTS: Record<string, (name: string) => string> = {
  english: (name) => `Hi, I'm ${name}. This is how I will sound narrating your video.`,
  spanish: (name) => `Hola, soy ${name}. Así sonará la narración de tu vídeo.`,
  french: (name) => `Bonjour, je suis ${name}. Voici comment je raconterai votre vidéo.`,
  german: (name) => `Hallo, ich bin ${name}. So klingt die Erzählung deines Videos.`,
  italian: (name) => `Ciao, sono ${name}. Ecco come suonerà la narrazione del tuo video.`,
  portuguese: (name) => `Olá, eu sou ${name}. É assim que vou narrar o seu vídeo.`,
  dutch: (name) => `Hallo, ik ben ${name}. Zo klinkt de vertelling van je video.`,
  polish: (name) => `Cześć, jestem ${name}. Tak zabrzmi narracja twojego filmu.`,
}

type ElevenLabsVoice = {
  voice_id: string
  name: string
  labels?: { language?: string; accent?: string } | null
  verified_languages?: { language?: string }[] | null
}

/** ElevenLabs' voices (the account's list, cached five minutes) and spoken previews. */
export class ElevenLabsVoiceCatalog implements VoiceCatalog {
  readonly #apiKey: string
  readonly #baseUrl: string
  readonly #timeoutMs: number
  #cache?: { expiresAt: number; providers: Promise<VoiceProvider[]> }

  constructor(config: ElevenLabsConfig) {
    this.#apiKey = config.apiKey
    this.#baseUrl = (config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  /**
   * Its multilingual v2 model speaks every catalogue language marked
   * `elevenLabs` in any of the account's voices; others get none.
   */
  async providers(language?: string): Promise<VoiceProvider[]> {
    const providers = await this.#providers()
    if (!language || languageNamed(language).elevenLabs) return providers
    return providers.map((provider) => ({ ...provider, voices: [] }))
  }

  #providers(): Promise<VoiceProvider[]> {
    if (!this.#cache || this.#cache.expiresAt <= Date.now()) {
      const providers = this.#listVoices().then((voices) => [{ ...PROVIDER, voices }])
      this.#cache = { expiresAt: Date.now() + CACHE_MS, providers }
      // A failed list is not kept: the next caller asks again.
      providers.catch(() => {
        if (this.#cache?.providers === providers) this.#cache = undefined
      })
    }
    return this.#cache.providers
  }

  async preview(providerId: string, voiceId: string): Promise<AudioClip | undefined> {
    if (providerId !== PROVIDER.id) {
      return undefined
    }
    const [{ voices }] = await this.#providers()
    const voice = voices.find((candidate) => candidate.id === voiceId)
    // Unknown voices never reach text-to-speech, which bills per character.
    if (!voice) {
      return undefined
    }
    const response = await this.#send(
      `/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=mp3_44100_128`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept': 'audio/mpeg' },
        body: JSON.stringify({ text: previewText(voice), model_id: PREVIEW_MODEL }),
      }
    )
    if (!response.ok) {
      const failure = await readElevenLabsFailure(response)
      if (failure.code === 'voice_not_found' || failure.code === 'voice_does_not_exist') {
        return undefined
      }
      throw failure.error
    }
    return { data: await this.#body(response), contentType: 'audio/mpeg' }
  }

  async #listVoices(): Promise<Voice[]> {
    const response = await this.#send('/v2/voices?page_size=100', { method: 'GET' })
    if (!response.ok) {
      const failure = await readElevenLabsFailure(response)
      throw failure.error
    }
    const raw = await this.#body(response)
    let body: { voices?: ElevenLabsVoice[] }
    try {
      body = JSON.parse(raw.toString('utf8'))
    } catch (error) {
      throw new ProviderError('ElevenLabs voice list was not JSON', 'failed', { cause: error })
    }
    return (body.voices ?? []).map((voice) => ({
      id: voice.voice_id,
      name: voice.name,
      language: languageOf(voice),
    }))
  }

  async #send(path: string, init: RequestInit) {
    if (!this.#apiKey) {
      throw new ProviderError('ElevenLabs API key is not set', 'configuration')
    }
    try {
      return await fetch(`${this.#baseUrl}${path}`, {
        ...init,
        headers: { ...init.headers, 'xi-api-key': this.#apiKey },
        signal: AbortSignal.timeout(this.#timeoutMs),
      })
    } catch (error) {
      throw networkError(error)
    }
  }

  /** The body read under the same timeout as the headers. */
  async #body(response: Response) {
    try {
      return Buffer.from(await response.arrayBuffer())
    } catch (error) {
      throw networkError(error)
    }
  }
}

function languageOf(voice: ElevenLabsVoice): string {
  const label = voice.labels?.language ?? voice.verified_languages?.[0]?.language
  if (!label) {
    return 'english'
  }
  const normalised = label.trim().toLowerCase()
  const code = normalised.split(/[-_]/)[0]
  return LANGUAGE_CODES[code] ?? normalised
}

function previewText(voice: Voice) {
  return PREVIEW_TEXTS[voice.language]?.(voice.name) ?? languageNamed(voice.language).sample
}

function networkError(error: unknown) {
  const timedOut = error instanceof Error && error.name === 'TimeoutError'
  return new ProviderError(`ElevenLabs ${timedOut ? 'timed out' : 'is unreachable'}`, 'transient', {
    cause: error,
  })
}
