import { createWriteStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import sharp from 'sharp'
import { isRetryableError } from '@fal-ai/client'
import { firstFrame } from '#media/ffmpeg/frames'
import { probe } from '#media/ffmpeg/probe'
import { mediaTools, type MediaTools } from '#media/ffmpeg/tools'
import {
  ProviderError,
  type ClipGenerator,
  type ClipRequest,
  type GeneratedClip,
  type StoryboardStill,
} from '#media/providers/contracts'
import { FalQueue, type FalConfig } from '#media/providers/fal/fal_queue'

export const FAL_CLIP_ENDPOINT = 'fal-ai/minimax/hailuo-02/standard/image-to-video'
export const FAL_TEXT_CLIP_ENDPOINT = 'fal-ai/minimax/hailuo-02/standard/text-to-video'

export type FalClipConfig = FalConfig & {
  /** ffprobe to check the download, ffmpeg to take its first frame; found on the machine when unset. */
  tools?: MediaTools
}

/**
 * Hailuo's camera-movement instructions, scene by scene in the local
 * driver's order: zoom in, pan left→right, zoom out, pan right→left, up, down.
 */
export const CAMERA_MOVES = [
  '[Push in]',
  '[Pan right]',
  '[Pull out]',
  '[Pan left]',
  '[Tilt up]',
  '[Tilt down]',
] as const

const GENERIC_PROMPT = 'Cinematic motion of the scene'
// fal's Hailuo endpoints take prompts of up to 2000 characters; the move goes in front.
const MAX_DESCRIPTION = 1900
// Hailuo renders 6 s at 768P in a few minutes, more when the queue is busy.
const DEFAULT_TIMEOUT_MS = 15 * 60_000
const DOWNLOAD_TIMEOUT_MS = 2 * 60_000

/** The camera move Hailuo is asked for on the scene at `index`. */
export function cameraMoveFor(index: number) {
  return CAMERA_MOVES[((index % CAMERA_MOVES.length) + CAMERA_MOVES.length) % CAMERA_MOVES.length]
}

/**
 * Scene clips from MiniMax Hailuo-02 standard (768P, 6 s) on fal: from the
 * still (image-to-video, sent inline as a data URI cropped to the frame's
 * shape), from the creator's own picture as framed for the video
 * (docs/product.md, Image to Video) or, in text-to-video at 16:9, from the
 * prompt alone, when its first frame stands for the scene. The video is
 * downloaded and checked; the renderer fits it to the frame, cuts it to the
 * scene's 5 s and draws the overlays in its one encode.
 */
export class FalClipGenerator implements ClipGenerator {
  /** Hailuo-02's text-to-video is landscape only: portrait and square start from a still. */
  readonly textAspectRatios = ['16:9'] as const
  readonly #queue: FalQueue
  readonly #tools: MediaTools | undefined

  constructor(config: FalClipConfig) {
    const { tools, ...fal } = config
    this.#queue = new FalQueue({ ...fal, timeoutMs: fal.timeoutMs ?? DEFAULT_TIMEOUT_MS })
    this.#tools = tools
  }

  async clip(request: ClipRequest): Promise<GeneratedClip> {
    const prompt = promptFor(request)
    const runOptions = {
      cancel: request.signal,
      resume: request.resume,
      onSubmitted: request.onSubmitted,
    }
    const output = request.still
      ? await this.#queue.run(
          FAL_CLIP_ENDPOINT,
          {
            prompt,
            image_url: await stillAsDataUri(request.still, request),
            duration: '6',
            resolution: '768P',
            prompt_optimizer: false,
          },
          runOptions
        )
      : await this.#queue.run(
          FAL_TEXT_CLIP_ENDPOINT,
          { prompt, duration: '6', prompt_optimizer: false },
          runOptions
        )
    const url = output.video?.url
    if (!url) {
      throw new ProviderError('fal.ai returned no video', 'failed')
    }
    const path = join(request.workDir, `fal-clip-${request.index}.mp4`)
    await download(url, path, request.signal)
    await this.#check(path)
    if (request.still) return { kind: 'video', path, firstFrame: null }
    const jpeg = join(request.workDir, `fal-clip-${request.index}.jpg`)
    await firstFrame(path, jpeg, this.#tools ?? (await mediaTools()), request.signal)
    return { kind: 'video', path, firstFrame: await readFile(jpeg) }
  }

  /** A download that holds no video stream is fal's failure, not the renderer's. */
  async #check(path: string) {
    const streams = await probe(path, this.#tools)
      .then((result) => result.streams)
      .catch(() => [])
    if (!streams.some((stream) => stream.codecType === 'video')) {
      throw new ProviderError('fal.ai video could not be decoded', 'failed')
    }
  }
}

/** The scene description (or a generic one) led by the camera move for its position. */
export function promptFor(input: Pick<ClipRequest, 'index' | 'prompt'>) {
  const description = input.prompt?.trim().slice(0, MAX_DESCRIPTION) || GENERIC_PROMPT
  return `${cameraMoveFor(input.index)} ${description}`
}

/**
 * The still as `data:image/jpeg;base64,…`, cropped to the output's shape:
 * Hailuo keeps the image's aspect ratio, so the video then fills the frame.
 * The creator's picture comes framed to that shape already and goes as it is.
 */
async function stillAsDataUri(still: StoryboardStill, frame: { width: number; height: number }) {
  const image = await still.read()
  if (still.own) return `data:image/jpeg;base64,${image.toString('base64')}`
  let jpeg: Buffer
  try {
    jpeg = await sharp(image)
      .rotate()
      .resize(frame.width, frame.height, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer()
  } catch (error) {
    throw new ProviderError('The scene still could not be decoded', 'failed', { cause: error })
  }
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`
}

async function download(url: string, path: string, cancel?: AbortSignal) {
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout
  try {
    const response = await fetch(url, { signal })
    if (!response.ok || !response.body) {
      const transient = response.status === 429 || response.status >= 500
      throw new ProviderError(
        `fal.ai video download failed (${response.status})`,
        transient ? 'transient' : 'failed'
      )
    }
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(path)
    )
  } catch (error) {
    if (error instanceof ProviderError || cancel?.aborted) {
      throw error
    }
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new ProviderError(
      `fal.ai video download ${timedOut ? 'timed out' : 'failed'}`,
      timedOut || isRetryableError(error, []) ? 'transient' : 'failed',
      { cause: error }
    )
  }
}
