import type { AudioClip, VoiceCatalog, VoiceProvider } from '#media/providers/contracts'
import { ESPEAK_PROVIDER_ID, LocalVoiceCatalog } from '#media/providers/local/local_voice_catalog'
import { LANGUAGE_CATALOGUE } from '#shared/languages'

/** The languages ElevenLabs' multilingual model does not speak (Hebrew, Thai, Vietnamese). */
const UNSPOKEN = new Set<string>(
  LANGUAGE_CATALOGUE.filter((language) => !language.elevenLabs).map((language) => language.name)
)

/**
 * With ElevenLabs keyed: its voices, and the offline voices of the languages
 * its model does not speak, so a creator narrating in one of them still has
 * a voice (which the offline narrator speaks).
 */
export class VoicesWithOfflineFallback implements VoiceCatalog {
  readonly #offline = new LocalVoiceCatalog()

  constructor(private elevenLabs: VoiceCatalog) {}

  async providers(language?: string): Promise<VoiceProvider[]> {
    const [online, offline] = await Promise.all([
      this.elevenLabs.providers(language),
      this.#offline.providers(language),
    ])
    const fallbacks = offline
      .map((provider) => ({
        ...provider,
        voices: provider.voices.filter((voice) => UNSPOKEN.has(voice.language)),
      }))
      .filter((provider) => provider.voices.length > 0)
    return [...online, ...fallbacks]
  }

  preview(providerId: string, voiceId: string): Promise<AudioClip | undefined> {
    return providerId === ESPEAK_PROVIDER_ID
      ? this.#offline.preview(providerId, voiceId)
      : this.elevenLabs.preview(providerId, voiceId)
  }
}
