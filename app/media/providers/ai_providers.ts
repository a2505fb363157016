import type { AiConfig } from '#config/ai'
import type { ImageGenerator, ScriptWriter, VoiceCatalog } from '#media/providers/contracts'
import { LocalScriptWriter } from '#media/providers/local/local_script_writer'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'
import { LocalVoiceCatalog } from '#media/providers/local/local_voice_catalog'
import { FalScriptWriter } from '#media/providers/fal/fal_script_writer'
import { FalImageGenerator } from '#media/providers/fal/fal_image_generator'
import { ElevenLabsVoiceCatalog } from '#media/providers/elevenlabs/elevenlabs_voice_catalog'
import { ElevenLabsVoiceSynthesizer } from '#media/providers/elevenlabs/elevenlabs_voice_synthesizer'
import { FalClipGenerator, type FalClipInput } from '#media/providers/fal/fal_clip_generator'
import { LocalClipGenerator } from '#media/render/clip_generator'

/** A clip request; `prompt` describes the motion for drivers that animate from text. */
export type SceneClipRequest = FalClipInput

export interface SceneClipGenerator {
  clip(input: SceneClipRequest): Promise<void>
}

/**
 * The drivers in use, picked once from config: `local` or `fal` for scripts
 * and images; ElevenLabs voices whenever a key is set, offline ones otherwise.
 */
export class AiProviders {
  readonly scriptWriter: ScriptWriter
  readonly imageGenerator: ImageGenerator
  readonly voiceCatalog: VoiceCatalog
  readonly clipGenerator: SceneClipGenerator
  /** ElevenLabs narration when keyed; otherwise voices are spoken offline by espeak-ng. */
  readonly voiceSynthesizer: ElevenLabsVoiceSynthesizer | null

  constructor(readonly config: AiConfig) {
    if (config.driver === 'fal') {
      this.scriptWriter = new FalScriptWriter(config.fal)
      this.imageGenerator = new FalImageGenerator(config.fal)
      this.clipGenerator = new FalClipGenerator(config.fal)
    } else {
      this.scriptWriter = new LocalScriptWriter()
      this.imageGenerator = new LocalImageGenerator()
      this.clipGenerator = new LocalClipGenerator()
    }
    const elevenLabsKey = config.elevenLabs.apiKey
    this.voiceCatalog = elevenLabsKey
      ? new ElevenLabsVoiceCatalog({ ...config.elevenLabs, apiKey: elevenLabsKey })
      : new LocalVoiceCatalog()
    this.voiceSynthesizer = elevenLabsKey
      ? new ElevenLabsVoiceSynthesizer({ ...config.elevenLabs, apiKey: elevenLabsKey })
      : null
  }
}
