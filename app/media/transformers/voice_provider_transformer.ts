import { BaseTransformer } from '@adonisjs/core/transformers'
import type { VoiceProvider } from '#media/providers/contracts'

/** A voice provider with its voices, as /api/voice-providers and /setup show it. */
export default class VoiceProviderTransformer extends BaseTransformer<VoiceProvider> {
  toObject() {
    return {
      id: this.resource.id,
      name: this.resource.name,
      voices: this.resource.voices.map(({ id, name, language }) => ({ id, name, language })),
    }
  }
}
