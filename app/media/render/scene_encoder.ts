import { runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import type { ClipSource, RenderSize } from '#media/providers/contracts'
import { FRAME_RATE, H264_OUTPUT, H264_PIXELS } from '#media/render/types'

export type SceneEncoding = {
  /** The scene's position: it picks the camera move over a still. */
  index: number
  seconds: number
  size: RenderSize
  /** A filter chain drawn over the moving picture in the same encode (captions, watermark). */
  overlay?: string
  /** Environment the overlay's filters need. */
  overlayEnv?: NodeJS.ProcessEnv
  outputPath: string
  signal?: AbortSignal
}

// zoompan crops on whole input pixels: enlarged 1.5×, every frame of a 5 s zoom differs.
const ZOOM_SUPERSAMPLE = 1.5
const ZOOM = 0.12
// Pans move as one pixel a frame moves a 720p frame (its shorter side: 720), the same share
// of the frame at every size, and never more than this share of the frame in all.
const PAN_REFERENCE_SIDE = 720
const MAX_PAN_SHARE = 0.25

type Move =
  { kind: 'zoom'; from: number; to: number } | { kind: 'pan'; axis: 'x' | 'y'; forward: boolean }

/** Scene by scene: zoom in, pan left→right, zoom out, pan right→left, pan up, pan down. */
const MOVES: Move[] = [
  { kind: 'zoom', from: 1, to: 1 + ZOOM },
  { kind: 'pan', axis: 'x', forward: true },
  { kind: 'zoom', from: 1 + ZOOM, to: 1 },
  { kind: 'pan', axis: 'x', forward: false },
  { kind: 'pan', axis: 'y', forward: false },
  { kind: 'pan', axis: 'y', forward: true },
]

/**
 * The one encode a scene gets: a still moves under a slow camera move that
 * differs scene by scene; a generated video is filled to the frame at the
 * output rate and cut (or held on its last frame) to the scene's length. The
 * overlays are drawn in the same pass, and every scene comes out with the
 * same codec settings, so the video is joined with `-c copy`.
 */
export async function encodeScene(source: ClipSource, encoding: SceneEncoding, tools: MediaTools) {
  const frames = Math.round(encoding.seconds * FRAME_RATE)
  const { width, height } = encoding.size
  const input =
    source.kind === 'still'
      ? {
          args: ['-f', 'image2pipe', '-framerate', String(FRAME_RATE), '-i', 'pipe:0'],
          filter: motionFilter(encoding.index, frames, width, height),
        }
      : videoInput(source.path, encoding, tools)
  const filters = encoding.overlay ? `${input.filter},${encoding.overlay}` : input.filter
  await runFfmpeg(
    tools,
    [
      ...input.args,
      ...['-filter:v', filters],
      ...['-frames:v', String(frames), '-an'],
      ...H264_OUTPUT,
      ...H264_PIXELS,
      encoding.outputPath,
    ],
    {
      input: source.kind === 'still' ? source.image : undefined,
      env: encoding.overlayEnv,
      signal: encoding.signal,
    }
  )
}

/**
 * A video of any size, rate and length: scaled to cover the frame, the
 * overflow cropped, at the output rate, held on its last frame (tpad) or
 * looped when the build has no tpad, should it run short.
 */
function videoInput(path: string, encoding: SceneEncoding, tools: MediaTools) {
  const pad = tools.filters.has('tpad')
  const { width, height } = encoding.size
  const filters = [cover(width, height), `fps=${FRAME_RATE}`]
  if (pad) filters.push(`tpad=stop_mode=clone:stop_duration=${encoding.seconds}`)
  return {
    args: [...(pad ? [] : ['-stream_loop', '-1']), '-i', path],
    filter: filters.join(','),
  }
}

/**
 * One decoded still becomes `frames` frames, scaled and converted to yuv420p
 * once. Zooms go through zoompan on a supersampled copy; pans crop a sliding
 * window (exact=1 allows odd offsets) out of a slightly larger copy, which
 * costs next to nothing and moves by whole pixels. Both are measured in
 * shares of the frame, so a move frames the picture alike at every size.
 */
function motionFilter(index: number, frames: number, width: number, height: number) {
  const move = MOVES[((index % MOVES.length) + MOVES.length) % MOVES.length]
  const last = Math.max(1, frames - 1)
  if (move.kind === 'zoom') {
    const big = { width: even(width * ZOOM_SUPERSAMPLE), height: even(height * ZOOM_SUPERSAMPLE) }
    const zoom = `${move.from}+${move.to - move.from}*on/${last}`
    const centred = "x='(iw-trunc(iw/zoom))/2':y='(ih-trunc(ih/zoom))/2'"
    const output = `d=${frames}:s=${width}x${height}:fps=${FRAME_RATE}`
    return `${cover(big.width, big.height)},zoompan=z='${zoom}':${centred}:${output}`
  }
  const span = panSpan(move.axis, frames, { width, height })
  const grown =
    move.axis === 'x' ? { width: width + span, height } : { width, height: height + span }
  const offset = move.forward ? `n*${span}/${last}` : `${span}-n*${span}/${last}`
  const centre = move.axis === 'x' ? '(ih-oh)/2' : '(iw-ow)/2'
  return [
    cover(grown.width, grown.height),
    `loop=loop=${last}:size=1:start=0`,
    `setpts=N/${FRAME_RATE}/TB`,
    move.axis === 'x'
      ? `crop=${width}:${height}:x='${offset}':y='${centre}':exact=1`
      : `crop=${width}:${height}:x='${centre}':y='${offset}':exact=1`,
  ].join(',')
}

/**
 * How far (in pixels) a pan of `frames` frames moves along `axis` in a frame
 * of `size`: the same share of the frame at every size.
 */
export function panSpan(axis: 'x' | 'y', frames: number, size: RenderSize) {
  const length = axis === 'x' ? size.width : size.height
  const perFrame = Math.min(size.width, size.height) / PAN_REFERENCE_SIDE
  return Math.round(Math.min(Math.max(1, frames - 1) * perFrame, length * MAX_PAN_SHARE))
}

/** Scales to cover the size, crops the overflow evenly, converts to yuv420p. */
function cover(width: number, height: number) {
  return [
    `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos`,
    `crop=${width}:${height}`,
    'setsar=1',
    'format=yuv420p',
  ].join(',')
}

function even(value: number) {
  return Math.round(value / 2) * 2
}
