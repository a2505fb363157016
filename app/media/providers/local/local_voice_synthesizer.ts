import type { Speech, VoiceSynthesizer } from '#media/providers/contracts'
import { synthesizeSpeech, warmUpSpeech } from '#media/providers/local/espeak'

/** Offline narration: eSpeak NG's WAV and the time of each word from its events. */
export class LocalVoiceSynthesizer implements VoiceSynthesizer {
  async synthesize(text: string, voiceId: string, options: { speed: number }): Promise<Speech> {
    const speech = await synthesizeSpeech(text, voiceId, options)
    return { audio: speech.wav, contentType: 'audio/wav', words: speech.words }
  }

  /** Loads the engine before the first narration needs it. */
  warmUp() {
    return warmUpSpeech()
  }
}
