import type { Language } from '#core/vocabulary'
import type { AudioClip, Voice, VoiceCatalog, VoiceProvider } from '#media/providers/contracts'
import { synthesizeSpeech } from '#media/providers/local/espeak'

export const ESPEAK_PROVIDER_ID = 'espeak'

/** eSpeak NG voice ids; `+f3` and the like select a higher-pitched variant. */
const VOICES: (Voice & { language: Language })[] = [
  { id: 'en-us', name: 'Alex (US English)', language: 'english' },
  { id: 'en-gb-x-rp+f3', name: 'Olivia (British English)', language: 'english' },
  { id: 'es+f2', name: 'Lucía (Spanish)', language: 'spanish' },
  { id: 'fr-fr', name: 'Louis (French)', language: 'french' },
  { id: 'de+f4', name: 'Hanna (German)', language: 'german' },
  { id: 'it', name: 'Marco (Italian)', language: 'italian' },
  { id: 'pt-br+f3', name: 'Beatriz (Brazilian Portuguese)', language: 'portuguese' },
  { id: 'nl', name: 'Daan (Dutch)', language: 'dutch' },
  { id: 'pl+f2', name: 'Zofia (Polish)', language: 'polish' },
]

const SAMPLES: Record<Language, string> = {
  english: 'Hi! This is how I will narrate your video.',
  spanish: '¡Hola! Así es como voy a narrar tu vídeo.',
  french: 'Bonjour ! Voici comment je vais raconter votre vidéo.',
  german: 'Hallo! So werde ich dein Video erzählen.',
  italian: 'Ciao! Ecco come racconterò il tuo video.',
  portuguese: 'Olá! É assim que vou narrar o seu vídeo.',
  dutch: 'Hallo! Zo ga ik jouw video vertellen.',
  polish: 'Cześć! Tak będę opowiadać twój film.',
}

export class LocalVoiceCatalog implements VoiceCatalog {
  // Previews never change: each is synthesized once per process.
  #previews = new Map<string, Promise<AudioClip>>()

  async providers(): Promise<VoiceProvider[]> {
    return [
      {
        id: ESPEAK_PROVIDER_ID,
        name: 'Offline voices (eSpeak NG)',
        voices: VOICES.map((voice) => ({ ...voice })),
      },
    ]
  }

  async preview(providerId: string, voiceId: string): Promise<AudioClip | undefined> {
    const voice = VOICES.find((candidate) => candidate.id === voiceId)
    if (providerId !== ESPEAK_PROVIDER_ID || !voice) return undefined

    let clip = this.#previews.get(voice.id)
    if (!clip) {
      clip = this.#synthesizePreview(voice.id, SAMPLES[voice.language])
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
