import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { mixAudio } from '#media/render/audio'
import { captionsFor } from '#media/render/captions'
import { prepareOverlays, type Overlays } from '#media/render/overlays'
import { mapLimit, settleAll } from '#media/render/process'
import { probe } from '#media/render/probe'
import { mediaTools, runFfmpeg, type MediaTools } from '#media/render/tools'
import {
  FRAME_RATE,
  H264_OUTPUT,
  H264_PIXELS,
  SCENE_SECONDS,
  x264Threads,
  type RenderSize,
  type TimedWord,
} from '#media/render/types'

export type ComposeInput = {
  /** Per-scene clips in order; each becomes exactly SCENE_SECONDS of the video. */
  clips: string[]
  voice: { wavPath: string; words: TimedWord[] } | null
  music: { path: string } | null
  width: number
  height: number
  watermark: boolean
  /** A scratch directory: compose works in a temp dir of its own inside it. */
  workDir: string
  outputPath: string
  thumbnailPath: string
  /** ffmpeg processes at a time (default 2). */
  concurrency?: number
}

export type ComposeOutput = { durationSeconds: number; width: number; height: number }

export const DEFAULT_CONCURRENCY = 2

/**
 * The finished MP4 from per-scene clips: captions timed to the voice and the
 * watermark are drawn clip by clip (two ffmpeg at a time, the soundtrack
 * mixed alongside), then everything is joined with `-c copy`. Clips that
 * need nothing drawn and already match the output are not re-encoded.
 */
export async function compose(input: ComposeInput, tools?: MediaTools): Promise<ComposeOutput> {
  if (input.clips.length === 0) throw new Error('A video needs at least one clip')
  const media = tools ?? (await mediaTools())
  const size = { width: input.width, height: input.height }
  const durationSeconds = input.clips.length * SCENE_SECONDS
  const dir = await mkdtemp(join(input.workDir, 'reelforge-compose-'))
  try {
    const overlays = await prepareOverlays({
      captions: input.voice ? captionsFor(input.voice.words, size, durationSeconds * 1000) : [],
      size,
      watermark: input.watermark,
      dir,
      filters: media.filters,
    })
    const audioPath = join(dir, 'audio.m4a')
    const audio = mixAudio(
      { voice: input.voice, music: input.music, durationSeconds, outputPath: audioPath },
      media
    )
    const clips = conformClips(input, overlays, dir, media)
    await settleAll<unknown>([audio, clips])
    await assemble(
      {
        clips: await clips,
        audioPath,
        dir,
        outputPath: input.outputPath,
        thumbnailPath: input.thumbnailPath,
      },
      media
    )
    return { durationSeconds, ...size }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function conformClips(
  input: ComposeInput,
  overlays: Overlays,
  dir: string,
  tools: MediaTools
) {
  const size = { width: input.width, height: input.height }
  const drawn = input.clips.some((_, index) => overlays.forClip(index))
  if (!drawn && (await joinAsTheyAre(input.clips, size, tools))) return input.clips
  const concurrency = input.concurrency ?? DEFAULT_CONCURRENCY
  const threads = x264Threads(concurrency)
  return mapLimit(input.clips, concurrency, async (clip, index) => {
    const outputPath = join(dir, `clip-${index}.mp4`)
    await conformClip(clip, index, outputPath, { size, threads }, overlays, tools)
    return outputPath
  })
}

/** Clips of the output's size, rate, codec and length concatenate without an encode. */
async function joinAsTheyAre(clips: string[], size: RenderSize, tools: MediaTools) {
  const probes = await Promise.all(clips.map((clip) => probe(clip, tools)))
  const videos = probes.map((result) => result.streams.filter((s) => s.codecType === 'video'))
  const first = videos[0][0]
  return videos.every(
    (streams, index) =>
      streams.length === 1 &&
      streams[0].codecName === 'h264' &&
      streams[0].pixFmt === 'yuv420p' &&
      streams[0].width === size.width &&
      streams[0].height === size.height &&
      streams[0].frameRate === `${FRAME_RATE}/1` &&
      streams[0].profile === first?.profile &&
      streams[0].level === first?.level &&
      Math.abs(probes[index].durationSeconds - SCENE_SECONDS) < 0.5 / FRAME_RATE
  )
}

/**
 * One re-encode of a clip: filled to the output size at the output rate,
 * held on its last frame (tpad) or looped when short, cut to the scene's
 * length, overlays drawn.
 */
async function conformClip(
  clip: string,
  index: number,
  outputPath: string,
  { size: { width, height }, threads }: { size: RenderSize; threads: number },
  overlays: Overlays,
  tools: MediaTools
) {
  const pad = tools.filters.has('tpad')
  const filters = [
    `fps=${FRAME_RATE}`,
    `scale=${width}:${height}:force_original_aspect_ratio=increase`,
    `crop=${width}:${height}`,
    'setsar=1',
    'format=yuv420p',
  ]
  if (pad) filters.push(`tpad=stop_mode=clone:stop_duration=${SCENE_SECONDS}`)
  const overlay = overlays.forClip(index)
  if (overlay) filters.push(overlay)
  await runFfmpeg(
    tools,
    [
      ...(pad ? [] : ['-stream_loop', '-1']),
      ...['-i', clip],
      ...['-filter:v', filters.join(',')],
      ...['-frames:v', String(SCENE_SECONDS * FRAME_RATE), '-an'],
      ...H264_OUTPUT,
      ...['-threads', String(threads)],
      ...H264_PIXELS,
      outputPath,
    ],
    { env: overlays.env }
  )
}

/**
 * The last step, no video encode: the clips joined by the concat demuxer
 * with `-c copy`, the AAC soundtrack muxed in, the index moved to the front
 * (+faststart); meanwhile the first frame becomes the JPEG thumbnail.
 */
export async function assemble(
  input: {
    clips: string[]
    audioPath: string
    dir: string
    outputPath: string
    thumbnailPath: string
  },
  tools: MediaTools
) {
  const list = join(input.dir, 'clips.txt')
  await writeFile(
    list,
    // The demuxer reads relative names from the list's own directory: give it absolute ones.
    input.clips.map((clip) => `file '${resolve(clip).replace(/'/g, "'\\''")}'\n`).join('')
  )
  await settleAll([
    runFfmpeg(tools, [
      ...['-f', 'concat', '-safe', '0', '-i', list, '-i', input.audioPath],
      ...['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-movflags', '+faststart'],
      input.outputPath,
    ]),
    runFfmpeg(tools, ['-i', input.clips[0], '-frames:v', '1', '-q:v', '3', input.thumbnailPath]),
  ])
}
