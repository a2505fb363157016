import type { AudioClip, Voice, VoiceCatalog, VoiceProvider } from '#media/providers/contracts'
import { synthesizeSpeech } from '#media/providers/local/espeak'
import { LANGUAGE_CATALOGUE, languageNamed } from '#shared/languages'

export const ESPEAK_PROVIDER_ID = 'espeak'

/** eSpeak NG voice ids, each language's from the catalogue; `+f3` and the like select a higher-pitched variant. */
const VOICES: Voice[] = LANGUAGE_CATALOGUE.flatMap((entry) =>
  entry.offlineVoices.map((voice) => ({ ...voice, language: entry.name }))
)

export class LocalVoiceCatalog implements VoiceCatalog {
  // Previews never change: each is synthesized once per process.
  #previews = new Map<string, Promise<AudioClip>>()

  async providers(language?: string): Promise<VoiceProvider[]> {
    return [
      {
        id: ESPEAK_PROVIDER_ID,
        name: 'Offline voices (eSpeak NG)',
        voices: VOICES.filter((voice) => !language || voice.language === language).map((voice) => ({
          ...voice,
        })),
      },
    ]
  }

  async preview(providerId: string, voiceId: string): Promise<AudioClip | undefined> {
    const voice = VOICES.find((candidate) => candidate.id === voiceId)
    if (providerId !== ESPEAK_PROVIDER_ID || !voice) return undefined

    let clip = this.#previews.get(voice.id)
    if (!clip) {
      clip = this.#synthesizePreview(voice.id, languageNamed(voice.language).sample)
      this.#previews.set(voice.id, clip)
      clip.catch(() => this.#previews.delete(voice.id))
    }
    return clip
  }

  async #synthesizePreview(voiceId: string, sample: string): Promise<AudioClip> {
    const { wav } = await synthesizeSpeech(sample, voiceId)
    return { data: wav, contentType: 'audio/wav' }
  }
}
