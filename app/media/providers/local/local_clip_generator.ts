import {
  ProviderError,
  type AspectRatio,
  type ClipGenerator,
  type ClipRequest,
  type GeneratedClip,
  type ImageGenerator,
} from '#media/providers/contracts'

/**
 * The offline clip generator: the scene's still is the clip's source and
 * the renderer moves a slow camera over it in the scene's one encode (see
 * scene_encoder.ts). The video burns in its own captions, so a still drawn
 * with the storyboard's caption is drawn again without it; one drawn
 * without (the render's own, in Text to Video) and the creator's own
 * picture, which has none, are used as they come (docs/product.md, Image
 * to Video). It cannot make a picture from text: in text-to-video the
 * caller draws a still first.
 */
export class LocalClipGenerator implements ClipGenerator {
  readonly textAspectRatios: readonly AspectRatio[] = []

  constructor(private images: ImageGenerator) {}

  async clip(request: ClipRequest): Promise<GeneratedClip> {
    if (!request.still) {
      throw new ProviderError('The offline clip generator needs a still', 'rejected_input')
    }
    if (request.still.own || request.still.request.caption === false) {
      return { kind: 'still', image: await request.still.read(), contentType: 'image/jpeg' }
    }
    const { data, contentType } = await this.images.generate({
      ...request.still.request,
      caption: false,
    })
    return { kind: 'still', image: data, contentType }
  }
}
