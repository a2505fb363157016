import {
  ProviderError,
  type AspectRatio,
  type ClipGenerator,
  type ClipRequest,
} from '#media/providers/contracts'

/**
 * The offline clip generator: the scene's still is the clip's source and
 * the renderer moves a slow camera over it in the scene's one encode (see
 * scene_encoder.ts). It cannot make a picture from text: in text-to-video
 * the caller draws a still first.
 */
export class LocalClipGenerator implements ClipGenerator {
  readonly textAspectRatios: readonly AspectRatio[] = []

  async clip(request: ClipRequest) {
    if (!request.still) {
      throw new ProviderError('The offline clip generator needs a still', 'rejected_input')
    }
    return { kind: 'still' as const, image: request.still }
  }
}
