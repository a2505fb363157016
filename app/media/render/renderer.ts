import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import type { StageTimings } from '#core/stage_timings'
import { mapLimit, settleAll } from '#media/ffmpeg/process'
import { mediaTools, type MediaTools } from '#media/ffmpeg/tools'
import type { ClipSource, RenderSize, TimedWord } from '#media/providers/contracts'
import { mixAudio } from '#media/render/audio'
import { captionsFor } from '#media/render/captions'
import type { CaptionOptions } from '#media/render/caption_styles'
import { assemble } from '#media/render/composer'
import { prepareOverlays, type LogoOverlay } from '#media/render/overlays'
import { encodeCard, type BrandCard } from '#media/render/brand_cards'
import { encodeScene } from '#media/render/scene_encoder'
import { SCENE_SECONDS, threadsPerEncode } from '#media/render/types'

export type RenderVideoInput = {
  /** One source per scene, in order. */
  scenes: ClipSource[]
  /**
   * Each scene's length in seconds, SCENE_SECONDS where not given (the last
   * scene is held longer when the voice-over runs on past it: sceneLengths).
   */
  sceneSeconds?: number[]
  /** The narration (WAV or MP3) and its word timings: captions follow them. */
  voice: { path: string; words: TimedWord[] } | null
  music: { path: string } | null
  /** How the captions look (docs/product.md, Captions); default: the phrase style. */
  captions?: CaptionOptions
  /**
   * The language spoken, as a BCP-47 locale ('en', 'ru', 'ar', 'hi', 'th',
   * 'ja', 'ko', 'zh-Hans'): where caption lines may break (Chinese, Japanese
   * and Thai have no spaces), which way they read (Arabic, Hebrew) and
   * whether Han is drawn in its Japanese or Chinese forms. Undefined: the
   * text decides, as for every video made before languages.
   */
  locale?: string
  size: RenderSize
  watermark: boolean
  /** A brand kit's logo on every frame, under the watermark. */
  logo?: LogoOverlay | null
  /** A brand kit's intro and outro cards, before the first scene and after the last. */
  cards?: { intro: BrandCard | null; outro: BrandCard | null }
  /** Told of each card this render encoded (not one it was given encoded), before the temp dir goes. */
  onCard?: (kind: BrandCard['kind'], segmentPath: string) => Promise<void>
  /** A scratch directory: the render works in a temp dir of its own inside it. */
  workDir: string
  outputPath: string
  thumbnailPath: string
  /** ffmpeg processes at a time (default 2, one per core on the workers). */
  concurrency?: number
  /**
   * The cores the render may keep busy, shared by the encodes running at
   * once (RENDER_THREADS); default: the cores this process may run on,
   * which `taskset` narrows.
   */
  threads?: number
  tools?: MediaTools
  /** Told as each scene's encode is done, with the scene's finished segment (gone after the render). */
  onScene?: (index: number, segmentPath: string) => Promise<void>
  /** Aborting kills the running ffmpeg processes; the render then rejects. */
  signal?: AbortSignal
  /** Given the soundtrack's mix, each scene's encode and the join as stages. */
  timings?: StageTimings
}

export type RenderVideoOutput = {
  durationSeconds: number
  width: number
  height: number
  timings: { scenesMs: number; assembleMs: number }
}

export const DEFAULT_CONCURRENCY = 2

/**
 * The finished video in one encode per scene: each scene's source (a still
 * under a camera move, or a generated video fitted to the frame) is encoded
 * with its captions and the watermark, two at a time while the soundtrack
 * mixes; then the segments are joined with `-c copy` and the audio muxed in.
 */
export async function renderVideo(input: RenderVideoInput): Promise<RenderVideoOutput> {
  if (input.scenes.length === 0) throw new Error('A video needs at least one scene')
  const concurrency = input.concurrency ?? DEFAULT_CONCURRENCY
  const tools: MediaTools = {
    ...(input.tools ?? (await mediaTools())),
    threads: threadsPerEncode(input.threads ?? availableParallelism(), concurrency),
  }
  const { size, signal, timings } = input
  const timed = <T>(stage: string, work: () => Promise<T>) =>
    timings ? timings.time(stage, work) : work()
  const sceneSeconds = input.scenes.map((_, index) => input.sceneSeconds?.[index] ?? SCENE_SECONDS)
  const intro = input.cards?.intro ?? null
  const outro = input.cards?.outro ?? null
  const scenesSeconds = sceneSeconds.reduce((total, seconds) => total + seconds, 0)
  const durationSeconds = scenesSeconds + (intro?.seconds ?? 0) + (outro?.seconds ?? 0)
  const started = performance.now()
  const dir = await mkdtemp(join(input.workDir, 'reelforge-render-'))
  try {
    const overlays = await timed('overlays', () =>
      prepareOverlays({
        captions: input.voice
          ? captionsFor(input.voice.words, size, scenesSeconds * 1000, input.captions, input.locale)
          : [],
        options: input.captions,
        locale: input.locale,
        ffmpeg: tools.ffmpeg,
        size,
        watermark: input.watermark,
        logo: input.logo,
        dir,
        filters: tools.filters,
      })
    )
    const audioPath = join(dir, 'audio.m4a')
    const audio = timed('audio', () =>
      mixAudio(
        {
          voice: input.voice,
          music: input.music,
          durationSeconds,
          leadSeconds: intro?.seconds,
          outputPath: audioPath,
          signal,
        },
        tools
      )
    )
    // Awaited below with the segments: marked handled now, as it may fail while they encode.
    audio.catch(() => {})
    const cards = timed('cards', () =>
      Promise.all(
        [intro, outro].map(async (card) => {
          if (!card) return null
          if (card.encodedPath) return card.encodedPath
          const path = await encodeCard(card, size, dir, tools, signal)
          await input.onCard?.(card.kind, path)
          return path
        })
      )
    )
    cards.catch(() => {})

    const segments = mapLimit(input.scenes, concurrency, async (source, index) => {
      const outputPath = join(dir, `scene-${index}.mp4`)
      await timed(`encode ${index + 1}`, () =>
        encodeScene(
          source,
          {
            index,
            seconds: sceneSeconds[index],
            size,
            overlay: overlays.forClip(index),
            overlayEnv: overlays.env,
            outputPath,
            signal,
          },
          tools
        )
      )
      await input.onScene?.(index, outputPath)
      return outputPath
    })
    // Timed apart from the soundtrack; a failure is thrown below, once the mix has settled too.
    await segments.catch(() => {})
    const scenesMs = performance.now() - started
    await settleAll<unknown>([audio, segments, cards])

    const scenes = await segments
    const [introClip, outroClip] = await cards
    const clips = [introClip, ...scenes, outroClip].filter((clip): clip is string => Boolean(clip))
    await timed('assemble', () =>
      assemble(
        {
          clips,
          // The poster is the first scene's, never a card.
          thumbnailFrom: scenes[0],
          audioPath,
          dir,
          outputPath: input.outputPath,
          thumbnailPath: input.thumbnailPath,
          signal,
        },
        tools
      )
    )
    const assembleMs = performance.now() - started - scenesMs
    return { durationSeconds, ...size, timings: { scenesMs, assembleMs } }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
