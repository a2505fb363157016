import sharp from 'sharp'
import { isRetryableError } from '@fal-ai/client'
import {
  ProviderError,
  sizeFor,
  type AspectRatio,
  type GeneratedImage,
  type ImageGenerator,
  type ImageRequest,
} from '#media/providers/contracts'
import { FalQueue, type FalConfig, type FalInput } from '#media/providers/fal/fal_queue'

const ENDPOINT = 'fal-ai/flux/schnell'
const DOWNLOAD_TIMEOUT_MS = 60_000

/** FLUX's preset sizes nearest each aspect ratio (576×1024, 1024×1024, 1024×576). */
const IMAGE_SIZES: Record<AspectRatio, FalInput<typeof ENDPOINT>['image_size']> = {
  '9:16': 'portrait_16_9',
  '1:1': 'square_hd',
  '16:9': 'landscape_16_9',
}

/**
 * Scene stills from FLUX.1 [schnell] on fal, downloaded and scaled to the
 * requested width as JPEG.
 */
export class FalImageGenerator implements ImageGenerator {
  readonly #queue: FalQueue

  constructor(config: FalConfig) {
    this.#queue = new FalQueue(config)
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const output = await this.#queue.run(ENDPOINT, {
      prompt: request.prompt,
      image_size: IMAGE_SIZES[request.aspectRatio],
      num_images: 1,
      seed: request.seed,
      enable_safety_checker: true,
    })
    // With the safety checker on, fal answers a flagged image with a black frame.
    if (output.has_nsfw_concepts?.[0]) {
      throw new ProviderError(
        'fal.ai safety checker flagged the image; reword the scene',
        'rejected_input'
      )
    }
    const url = output.images?.[0]?.url
    if (!url) {
      throw new ProviderError('fal.ai returned no image', 'failed')
    }
    const { width, height } = sizeFor(request.aspectRatio, request.width)
    const source = await download(url)
    try {
      const data = await sharp(source)
        .resize(width, height, { fit: 'cover' })
        .jpeg({ quality: 90 })
        .toBuffer()
      return { data, contentType: 'image/jpeg', width, height }
    } catch (error) {
      throw new ProviderError('fal.ai image could not be decoded', 'failed', { cause: error })
    }
  }
}

async function download(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
    if (!response.ok) {
      const transient = response.status === 429 || response.status >= 500
      throw new ProviderError(
        `fal.ai image download failed (${response.status})`,
        transient ? 'transient' : 'failed'
      )
    }
    return Buffer.from(await response.arrayBuffer())
  } catch (error) {
    if (error instanceof ProviderError) {
      throw error
    }
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new ProviderError(
      `fal.ai image download ${timedOut ? 'timed out' : 'failed'}`,
      timedOut || isRetryableError(error, []) ? 'transient' : 'failed',
      { cause: error }
    )
  }
}
