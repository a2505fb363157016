import type { AiConfig } from '#config/ai'
import type { ImageGenerator, ScriptWriter, VoiceCatalog } from '#media/providers/contracts'
import { LocalScriptWriter } from '#media/providers/local/local_script_writer'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'
import { LocalVoiceCatalog } from '#media/providers/local/local_voice_catalog'
import { FalScriptWriter } from '#media/providers/fal/fal_script_writer'
import { FalImageGenerator } from '#media/providers/fal/fal_image_generator'
import { ElevenLabsVoiceCatalog } from '#media/providers/elevenlabs/elevenlabs_voice_catalog'

/**
 * The drivers in use, picked once from config: `local` or `fal` for scripts
 * and images; ElevenLabs voices whenever a key is set, offline ones otherwise.
 */
export class AiProviders {
  readonly scriptWriter: ScriptWriter
  readonly imageGenerator: ImageGenerator
  readonly voiceCatalog: VoiceCatalog

  constructor(readonly config: AiConfig) {
    if (config.driver === 'fal') {
      this.scriptWriter = new FalScriptWriter(config.fal)
      this.imageGenerator = new FalImageGenerator(config.fal)
    } else {
      this.scriptWriter = new LocalScriptWriter()
      this.imageGenerator = new LocalImageGenerator()
    }
    this.voiceCatalog = config.elevenLabs.apiKey
      ? new ElevenLabsVoiceCatalog({ ...config.elevenLabs, apiKey: config.elevenLabs.apiKey })
      : new LocalVoiceCatalog()
  }
}
