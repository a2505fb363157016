import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AspectRatio } from '#media/providers/contracts'
import { synthesizeSpeech } from '#media/providers/local/espeak'
import { mixAudio } from '#media/render/audio'
import { captionsFor } from '#media/render/captions'
import { LocalClipGenerator } from '#media/render/clip_generator'
import { assemble, DEFAULT_CONCURRENCY } from '#media/render/composer'
import { prepareOverlays } from '#media/render/overlays'
import { mapLimit, settleAll } from '#media/render/process'
import { mediaTools, type MediaTools } from '#media/render/tools'
import {
  resolutionFor,
  SCENE_SECONDS,
  x264Threads,
  type Quality,
  type RenderSize,
  type TimedWord,
} from '#media/render/types'

export type RenderVideoInput = {
  /** One still per scene, in order (JPEG or PNG, any size). */
  stills: Buffer[]
  /** Narration; with a voice id, spoken by eSpeak NG and captioned. */
  voiceText: string | null
  voiceId: string | null
  voiceSpeed: number
  musicPath: string | null
  aspectRatio: AspectRatio
  quality: Quality
  /** Overrides the size aspectRatio and quality give (tests render small). */
  size?: RenderSize
  watermark: boolean
  /** A scratch directory: the render works in a temp dir of its own inside it. */
  workDir: string
  outputPath: string
  thumbnailPath: string
  /** ffmpeg processes at a time (default 2, one per core on the workers). */
  concurrency?: number
  tools?: MediaTools
}

export type RenderVideoOutput = {
  durationSeconds: number
  width: number
  height: number
  timings: { voiceMs: number; clipsMs: number; composeMs: number }
}

/**
 * A whole video from stills in one pass per scene: the voice is synthesised
 * first (captions need its timings), then each clip is encoded once with its
 * camera move, captions and watermark, two at a time while the soundtrack
 * mixes, and the clips are joined with `-c copy`.
 */
export async function renderVideo(input: RenderVideoInput): Promise<RenderVideoOutput> {
  if (input.stills.length === 0) throw new Error('A video needs at least one still')
  const tools = input.tools ?? (await mediaTools())
  const size = input.size ?? resolutionFor(input.aspectRatio, input.quality)
  const durationSeconds = input.stills.length * SCENE_SECONDS
  const started = performance.now()
  const dir = await mkdtemp(join(input.workDir, 'reelforge-render-'))
  try {
    let voice: { wavPath: string; words: TimedWord[] } | null = null
    if (input.voiceText?.trim() && input.voiceId) {
      const speech = await synthesizeSpeech(input.voiceText, input.voiceId, {
        speed: input.voiceSpeed,
      })
      voice = { wavPath: join(dir, 'voice.wav'), words: speech.words }
      await writeFile(voice.wavPath, speech.wav)
    }
    const voiceMs = performance.now() - started

    const overlays = await prepareOverlays({
      captions: voice ? captionsFor(voice.words, size, durationSeconds * 1000) : [],
      size,
      watermark: input.watermark,
      dir,
      filters: tools.filters,
    })
    const audioPath = join(dir, 'audio.m4a')
    const audio = mixAudio(
      {
        voice,
        music: input.musicPath ? { path: input.musicPath } : null,
        durationSeconds,
        outputPath: audioPath,
      },
      tools
    )

    const clipsStarted = performance.now()
    const concurrency = input.concurrency ?? DEFAULT_CONCURRENCY
    const generator = new LocalClipGenerator({ tools, threads: x264Threads(concurrency) })
    const clips = mapLimit(input.stills, concurrency, async (still, index) => {
      const outputPath = join(dir, `clip-${index}.mp4`)
      await generator.clip({
        still,
        index,
        seconds: SCENE_SECONDS,
        ...size,
        outputPath,
        overlay: overlays.forClip(index),
        overlayEnv: overlays.env,
      })
      return outputPath
    })
    // Timed apart from the soundtrack; a failure is thrown below, once the mix has settled too.
    await clips.catch(() => {})
    const clipsMs = performance.now() - clipsStarted
    await settleAll<unknown>([audio, clips])

    await assemble(
      {
        clips: await clips,
        audioPath,
        dir,
        outputPath: input.outputPath,
        thumbnailPath: input.thumbnailPath,
      },
      tools
    )
    const composeMs = performance.now() - started - voiceMs - clipsMs
    return { durationSeconds, ...size, timings: { voiceMs, clipsMs, composeMs } }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
