import type { AspectRatio, Quality, RenderSize } from '#media/providers/contracts'

/*
 * The output every render shares: scene length, frame rate, codec settings
 * and frame sizes. The types they are about live in providers/contracts.ts.
 */

/** Every scene lasts this long, whatever the clip generator returned. */
export const SCENE_SECONDS = 5

export const FRAME_RATE = 30

/** The one H.264 setting every encode uses, so clips concatenate with `-c copy`. */
export const H264_OUTPUT = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23']
export const H264_PIXELS = ['-pix_fmt', 'yuv420p']

/**
 * Threads for each of `concurrency` encodes running at once on `cores`: on
 * two cores, two single-threaded encodes beat two that each spread over both.
 */
export function threadsPerEncode(cores: number, concurrency: number) {
  return Math.max(1, Math.floor(cores / Math.max(1, concurrency)))
}

export const AAC_OUTPUT = ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2']

const SHORT_SIDE: Record<Quality, number> = { '720p': 720, '1080p': 1080, '2160p': 2160 }

/**
 * The output size of a video: the quality names the shorter side, the
 * aspect ratio the longer one (9:16 at 720p is 720×1280). Even numbers, as
 * yuv420p needs.
 */
export function resolutionFor(aspectRatio: AspectRatio, quality: Quality): RenderSize {
  const [w, h] = aspectRatio.split(':').map(Number)
  const short = SHORT_SIDE[quality]
  const long = Math.round((short * Math.max(w, h)) / Math.min(w, h) / 2) * 2
  return w >= h ? { width: long, height: short } : { width: short, height: long }
}
