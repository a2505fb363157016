import { VoicesWithOfflineFallback } from '#media/providers/elevenlabs/voices_with_offline_fallback'
import type { AiConfig } from '#config/ai'
import type {
  ClipGenerator,
  ImageGenerator,
  ScriptWriter,
  VoiceCatalog,
  VoiceSynthesizer,
} from '#media/providers/contracts'
import { LocalScriptWriter } from '#media/providers/local/local_script_writer'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'
import { LocalVoiceCatalog } from '#media/providers/local/local_voice_catalog'
import { FalScriptWriter } from '#media/providers/fal/fal_script_writer'
import { FalImageGenerator } from '#media/providers/fal/fal_image_generator'
import { ElevenLabsVoiceCatalog } from '#media/providers/elevenlabs/elevenlabs_voice_catalog'
import { ElevenLabsVoiceSynthesizer } from '#media/providers/elevenlabs/elevenlabs_voice_synthesizer'
import { FalClipGenerator } from '#media/providers/fal/fal_clip_generator'
import type { FalConfig } from '#media/providers/fal/fal_queue'
import { FAL_WEBHOOK_PATH } from '#media/providers/fal/fal_webhook'
import { LocalClipGenerator } from '#media/providers/local/local_clip_generator'
import { ESPEAK_PROVIDER_ID } from '#media/providers/local/local_voice_catalog'
import { LocalVoiceSynthesizer } from '#media/providers/local/local_voice_synthesizer'

/** The offline voice a narration falls back to when its own provider is not available. */
const FALLBACK_VOICE = 'en-us'

/** fal's settings, with the webhook URL fal posts results to when the app has a public URL. */
function falConfig({ publicUrl, ...fal }: AiConfig['fal']): FalConfig {
  const base = publicUrl?.replace(/\/+$/, '')
  return { ...fal, webhookUrl: base && `${base}${FAL_WEBHOOK_PATH}` }
}

/**
 * The drivers in use, picked once from config: `local` or `fal` for scripts
 * and images; ElevenLabs voices whenever a key is set, offline ones otherwise.
 */
export class AiProviders {
  readonly scriptWriter: ScriptWriter
  readonly imageGenerator: ImageGenerator
  readonly voiceCatalog: VoiceCatalog
  readonly clipGenerator: ClipGenerator
  readonly #elevenLabs: ElevenLabsVoiceSynthesizer | null
  readonly #espeak = new LocalVoiceSynthesizer()

  constructor(readonly config: AiConfig) {
    if (config.driver === 'fal') {
      const fal = falConfig(config.fal)
      this.scriptWriter = new FalScriptWriter(fal)
      this.imageGenerator = new FalImageGenerator(fal)
      this.clipGenerator = new FalClipGenerator(fal)
    } else {
      this.scriptWriter = new LocalScriptWriter()
      this.imageGenerator = new LocalImageGenerator()
      this.clipGenerator = new LocalClipGenerator(this.imageGenerator)
    }
    const elevenLabsKey = config.elevenLabs.apiKey
    this.voiceCatalog = elevenLabsKey
      ? new VoicesWithOfflineFallback(
          new ElevenLabsVoiceCatalog({ ...config.elevenLabs, apiKey: elevenLabsKey })
        )
      : new LocalVoiceCatalog()
    this.#elevenLabs = elevenLabsKey
      ? new ElevenLabsVoiceSynthesizer({ ...config.elevenLabs, apiKey: elevenLabsKey })
      : null
  }

  /** Readies the offline narrator, every narration's fallback, before a worker's first video. */
  warmUpNarrators() {
    return this.#espeak.warmUp()
  }

  /**
   * Who speaks a narration in the chosen voice: ElevenLabs for its voices
   * when keyed, espeak-ng for its own; any other voice (a provider since
   * unconfigured) falls back to espeak-ng's default so the video still
   * has a voice-over.
   */
  narrator(voice: { provider: string; id: string }): {
    synthesizer: VoiceSynthesizer
    voiceId: string
  } {
    if (voice.provider === 'elevenlabs' && this.#elevenLabs) {
      return { synthesizer: this.#elevenLabs, voiceId: voice.id }
    }
    const voiceId = voice.provider === ESPEAK_PROVIDER_ID ? voice.id : FALLBACK_VOICE
    return { synthesizer: this.#espeak, voiceId }
  }
}
