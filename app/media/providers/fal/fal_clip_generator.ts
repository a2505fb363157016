import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import sharp from 'sharp'
import { isRetryableError } from '@fal-ai/client'
import { ProviderError } from '#media/providers/contracts'
import { FalQueue, type FalConfig } from '#media/providers/fal/fal_queue'
import type { ClipGenerator, ClipInput } from '#media/render/clip_generator'
import { mediaTools, runFfmpeg, type MediaTools } from '#media/render/tools'
import { FRAME_RATE, H264_OUTPUT, H264_PIXELS } from '#media/render/types'

export const FAL_CLIP_ENDPOINT = 'fal-ai/minimax/hailuo-02/standard/image-to-video'

export type FalClipConfig = FalConfig & {
  /** ffmpeg and ffprobe for the trim; found on the machine when unset. */
  tools?: MediaTools
  /** x264 threads per clip; x264 picks when unset. */
  threads?: number
}

export type FalClipInput = ClipInput & {
  /** What the scene shows, in words; the camera move is added to it. */
  prompt?: string
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
 * Scene clips from MiniMax Hailuo-02 (standard, 768P, 6 s) on fal: the still
 * goes up inline as a data URI, cropped to the frame's shape; the video comes
 * back, is filled to the output size at the output rate and cut to the
 * scene's length, silent H.264 yuv420p, so the composer joins it without
 * another encode.
 */
export class FalClipGenerator implements ClipGenerator {
  readonly #queue: FalQueue
  readonly #tools: MediaTools | undefined
  readonly #threads: number | undefined

  constructor(config: FalClipConfig) {
    const { tools, threads, ...fal } = config
    this.#queue = new FalQueue({ ...fal, timeoutMs: fal.timeoutMs ?? DEFAULT_TIMEOUT_MS })
    this.#tools = tools
    this.#threads = threads
  }

  async clip(input: FalClipInput): Promise<void> {
    const image = await stillAsDataUri(input)
    const output = await this.#queue.run(FAL_CLIP_ENDPOINT, {
      prompt: promptFor(input),
      image_url: image,
      duration: '6',
      resolution: '768P',
      prompt_optimizer: false,
    })
    const url = output.video?.url
    if (!url) {
      throw new ProviderError('fal.ai returned no video', 'failed')
    }
    const dir = await mkdtemp(join(tmpdir(), 'reelforge-fal-clip-'))
    try {
      const source = join(dir, 'source.mp4')
      await download(url, source)
      await this.#conform(source, input)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  /**
   * One encode: filled to the frame (scaled to cover, the overflow cropped),
   * at the output rate, held on its last frame should the video run short,
   * cut to the scene's length, no audio.
   */
  async #conform(source: string, input: FalClipInput) {
    // Looked up per clip (the filter list is cached): a failed lookup is this clip's error.
    const tools = this.#tools ?? (await mediaTools())
    const { width, height } = input
    const pad = tools.filters.has('tpad')
    const filters = [
      `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos`,
      `crop=${width}:${height}`,
      'setsar=1',
      `fps=${FRAME_RATE}`,
      'format=yuv420p',
    ]
    if (pad) filters.push(`tpad=stop_mode=clone:stop_duration=${input.seconds}`)
    try {
      await runFfmpeg(tools, [
        ...(pad ? [] : ['-stream_loop', '-1']),
        ...['-i', source],
        ...['-filter:v', filters.join(',')],
        ...['-frames:v', String(Math.round(input.seconds * FRAME_RATE)), '-an'],
        ...H264_OUTPUT,
        ...(this.#threads ? ['-threads', String(this.#threads)] : []),
        ...H264_PIXELS,
        input.outputPath,
      ])
    } catch (error) {
      throw new ProviderError('fal.ai video could not be decoded', 'failed', { cause: error })
    }
  }
}

/** The scene description (or a generic one) led by the camera move for its position. */
export function promptFor(input: Pick<FalClipInput, 'index' | 'prompt'>) {
  const description = input.prompt?.trim().slice(0, MAX_DESCRIPTION) || GENERIC_PROMPT
  return `${cameraMoveFor(input.index)} ${description}`
}

/**
 * The still as `data:image/jpeg;base64,…`, cropped to the output's shape:
 * Hailuo keeps the image's aspect ratio, so the video then fills the frame.
 */
async function stillAsDataUri(input: FalClipInput) {
  let jpeg: Buffer
  try {
    jpeg = await sharp(input.still)
      .rotate()
      .resize(input.width, input.height, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer()
  } catch (error) {
    throw new ProviderError('The scene still could not be decoded', 'failed', { cause: error })
  }
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`
}

async function download(url: string, path: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
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
    if (error instanceof ProviderError) {
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
