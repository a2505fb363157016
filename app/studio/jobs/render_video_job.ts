import { inject } from '@adonisjs/core'
import renderConfig from '#config/render'
import logger from '@adonisjs/core/services/logger'
import { extname, join } from 'node:path'
import { readFile, writeFile } from 'node:fs/promises'
import type { Job as BullJob } from 'bullmq'
import { StudioJob } from '#studio/jobs/studio_job'
import { StageTimings } from '#core/stage_timings'
import { withJobWorkspace } from '#core/queue/job_workspace'
import { AiProviders } from '#media/providers/ai_providers'
import { FindMusicTrack } from '#media/queries/find_music_track'
import type { ClipSource, RenderSize, Speech } from '#media/providers/contracts'
import type { BrandCard } from '#media/render/brand_cards'
import { isLanguage, languageNamed } from '#shared/languages'
import { renderVideo } from '#media/render/renderer'
import { captionFiles } from '#media/render/caption_files'
import { sceneLengths } from '#media/render/scene_narration'
import { storeCardThumbnail } from '#media/services/card_thumbnails'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import type { RenderEffects } from '#billing/queries/plan_effects'
import { RenderRun } from '#studio/render/render_run'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import { PROGRESS } from '#studio/render/render_settings'
import {
  brandCardKey,
  captionKeysOf,
  runVideoKeys,
  runVoiceKey,
  videoFiles,
} from '#studio/render/run_ids'
import { speakScenes, type NarrateVideoResult } from '#studio/jobs/narrate_video_job'
import { currentScript } from '#studio/styles'

export type RenderVideoPayload = {
  projectId: number
  run: number
  /** The run's render quality and watermark, frozen when it started. */
  effects?: RenderEffects
}

/**
 * The parent of a render flow, run once every scene's clip source and the
 * voice-over exist: the video in one encode per scene (captions timed to
 * the voice, watermark on the free plan) joined with `-c copy` over music
 * ducked under the voice; the MP4 and its thumbnail are stored and the
 * project is done. A cancel kills the encodes at once.
 */
@inject()
export default class RenderVideoJob extends StudioJob<
  RenderVideoPayload,
  { videoKey: string } | null
> {
  // The queue's name from before the job was named for what it does: jobs queued then still run.
  static jobName = 'studio.compose_video'
  static queueName = 'render'
  static concurrency = 1

  constructor(
    private ai: AiProviders,
    private storage: MediaStorage,
    private video: VideoLifecycle
  ) {
    super()
  }

  async handle({ projectId, run, effects }: RenderVideoPayload, job: BullJob) {
    const timings = new StageTimings()
    const renderRun = await RenderRun.load(projectId, run, effects)
    if (!renderRun) return null
    await timings.time('announce', () =>
      this.video.advance(projectId, run, 'render', PROGRESS.rendering)
    )

    const watch = renderRun.watch()
    let retrying = false
    try {
      const output = await withJobWorkspace(job, (dir) =>
        this.#compose(renderRun, job, dir, watch.signal, timings)
      )
      // Written before the video is marked done: the LLM is never waited on inside its transaction.
      const post = await timings.time('post', () => this.#post(renderRun.project, watch.signal))
      const replaced = await timings.time('complete', () =>
        this.video.complete(projectId, run, output, post)
      )
      // Cancelled while composing, the video was never the user's; done, the last one is not any more.
      const gone = replaced ?? [output.videoKey, output.thumbKey]
      for (const key of videoFiles(...gone)) {
        await this.storage
          .delete(key)
          .catch((error: unknown) =>
            logger.warn({ err: error, projectId, key }, 'left for the run sweep')
          )
      }
      return replaced ? { videoKey: output.videoKey } : null
    } catch (error) {
      if (!(await renderRun.stillActive())) return null
      if (this.willRetry(error, job)) {
        retrying = true
        throw error
      }
      throw await this.giveUp(error, (message) =>
        this.video.fail(projectId, run, `Rendering failed: ${message}`)
      )
    } finally {
      watch.stop()
      // The voice-over waited for this job alone; a retry reads it again.
      if (!retrying) {
        await this.storage
          .delete(runVoiceKey(projectId, run))
          .catch((error: unknown) =>
            logger.warn({ err: error, projectId }, 'voice-over not removed')
          )
      }
      logger.info({ projectId, run, stages: timings.stages }, 'compose stages')
    }
  }

  /**
   * The video's title, description and hashtags, by the script writer from
   * its script as it stands, in its narration's language (docs/product.md,
   * Ready to post). The writer falls back to its offline one, so a post
   * never fails a render.
   */
  async #post(project: Project, signal: AbortSignal) {
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')
    const language = project.voice.language
    return this.ai.scriptWriter.post({
      script: currentScript(project, scenes),
      language: isLanguage(language) ? language : 'english',
      signal,
    })
  }

  /**
   * The run's voice-over in `dir`, with its word timings: the one the
   * narration job stored beside the scene jobs, or, for a run queued
   * without that job, spoken now. Null when no scene has words.
   */
  async #voice(job: BullJob, project: Project, scenes: Scene[], dir: string) {
    const children = await job.getChildrenValues<unknown>()
    const narrated = Object.values(children).find(
      (value): value is NarrateVideoResult =>
        typeof value === 'object' && value !== null && 'narration' in value
    )
    if (narrated) {
      const { narration } = narrated
      if (!narration) return null
      const path = join(dir, voiceFileName(narration.contentType))
      await writeFile(path, await this.storage.read(narration.voiceKey))
      return { path, words: narration.words, key: narration.voiceKey }
    }
    const speech = await speakScenes(this.ai, project, scenes, dir)
    if (!speech) return null
    const path = join(dir, voiceFileName(speech.contentType))
    await writeFile(path, speech.audio)
    return { path, words: speech.words, key: null }
  }

  /** Each scene's clip source: a still kept in memory, a generated video written to `dir`. */
  async #sources(scenes: Scene[], dir: string): Promise<ClipSource[]> {
    return Promise.all(
      scenes.map(async (scene) => {
        if (!scene.clipSourceKey) throw new Error(`Scene ${scene.order} has no clip`)
        const bytes = Buffer.from(await this.storage.read(scene.clipSourceKey))
        if (!scene.clipSourceKey.endsWith('.mp4')) return { kind: 'still', image: bytes } as const
        const path = join(dir, `source-${scene.order}.mp4`)
        await writeFile(path, bytes)
        return { kind: 'video', path } as const
      })
    )
  }

  async #music(project: Project, dir: string) {
    const track = project.music ? await new FindMusicTrack().byId(project.music.id) : null
    if (!track) return null
    const path = join(dir, `music${extname(track.objectKey)}`)
    await writeFile(path, await this.storage.read(track.objectKey))
    return { path }
  }

  /** The brand kit's logo as the run's snapshot took it (docs/product.md, Brand kits). */
  async #logo(project: Project, dir: string) {
    const logo = project.brandSnapshot?.logo
    if (!logo) return null
    const path = join(dir, `logo${extname(logo.key)}`)
    await writeFile(path, Buffer.from(await this.storage.read(logo.key)))
    return { path, corner: logo.corner, size: logo.size, opacity: logo.opacity }
  }

  /**
   * The kit's intro and outro as the run's snapshot took them, each already
   * encoded when an earlier video of the same kit version and size made it.
   */
  async #cards(
    snapshot: Project['brandSnapshot'],
    logoPath: string | null,
    size: RenderSize,
    dir: string
  ) {
    const cards = brandCards(snapshot, logoPath)
    for (const card of [cards.intro, cards.outro]) {
      if (!card) continue
      const key = brandCardKey(snapshot!.brandId, snapshot!.version, size, card.kind)
      if (!(await this.storage.exists(key))) continue
      card.encodedPath = join(dir, `kept-${card.kind}.mp4`)
      await writeFile(card.encodedPath, Buffer.from(await this.storage.read(key)))
    }
    return cards
  }

  /**
   * A scene's segment of the video becomes its preview on the storyboard,
   * replacing the last run's.
   */
  async #keepSegment(renderRun: RenderRun, scene: Scene, segment: Buffer) {
    const { project, run } = renderRun
    const key = `projects/${project.id}/runs/${run}/scene-${scene.id}.mp4`
    await this.storage.put(key, segment, 'video/mp4')
    const previous = scene.videoKey
    await scene.merge({ videoKey: key }).save()
    if (previous && previous !== key && previous !== scene.clipSourceKey) {
      await this.storage.delete(previous)
    }
  }

  async #compose(
    renderRun: RenderRun,
    job: BullJob,
    dir: string,
    signal: AbortSignal,
    timings: StageTimings
  ) {
    const { project, run } = renderRun
    const announce = (progress: number) =>
      timings.time('announce', () => this.video.advance(project.id, run, 'render', progress))
    const { watermark } = await renderRun.settings()
    const size = await renderRun.frame()
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')

    const sources = await timings.time('sources', () => this.#sources(scenes, dir))
    await announce(PROGRESS.sourcesLoaded)

    const voice = await timings.time('narration', () => this.#voice(job, project, scenes, dir))
    const music = await timings.time('music', () => this.#music(project, dir))
    const logo = await this.#logo(project, dir)
    const cards = await this.#cards(project.brandSnapshot, logo?.path ?? null, size, dir)
    await announce(PROGRESS.narrated)

    const sceneSeconds = sceneLengths(sources.length, voice?.words ?? [])
    // Captions break lines, pick fonts and read right to left by the narration's language.
    const { locale } = languageNamed(project.voice.language)
    const outputPath = join(dir, 'video.mp4')
    const thumbnailPath = join(dir, 'thumb.jpg')
    // Previews are stored beside the encodes, not between them; awaited before the temp dir goes.
    const previews: Promise<void>[] = []
    try {
      await renderVideo({
        scenes: sources,
        sceneSeconds,
        voice: voice && { path: voice.path, words: voice.words },
        music,
        captions: project.captions,
        locale,
        size,
        watermark,
        logo,
        cards,
        onCard: async (kind, segmentPath) => {
          const snapshot = project.brandSnapshot!
          const key = brandCardKey(snapshot.brandId, snapshot.version, size, kind)
          await this.storage.putFile(key, segmentPath, 'video/mp4')
        },
        workDir: dir,
        outputPath,
        thumbnailPath,
        threads: renderConfig.threads,
        signal,
        timings,
        onScene: async (index, segmentPath) => {
          const segment = await readFile(segmentPath)
          // A preview is a nicety: one that cannot be stored is logged, the video goes on.
          previews.push(
            timings
              .time(`preview ${index + 1}`, () =>
                this.#keepSegment(renderRun, scenes[index], segment)
              )
              .catch((error: unknown) =>
                logger.warn({ err: error, sceneId: scenes[index].id }, 'scene preview not stored')
              )
          )
          const span = PROGRESS.composed - PROGRESS.narrated
          await announce(PROGRESS.narrated + Math.round((span * previews.length) / scenes.length))
        },
      })
    } finally {
      await Promise.all(previews)
    }
    await announce(PROGRESS.composed)

    const { videoKey, thumbKey } = runVideoKeys(project.id, run)
    const { srtKey, vttKey } = captionKeysOf(videoKey)
    const leadMs = (cards.intro?.seconds ?? 0) * 1000
    const durationMs =
      sceneSeconds.reduce((total, seconds) => total + seconds, 0) * 1000 +
      leadMs +
      (cards.outro?.seconds ?? 0) * 1000
    // The caption files follow the voice, which starts after the intro card.
    const words = (voice?.words ?? []).map((word) => ({
      ...word,
      startMs: word.startMs + leadMs,
      endMs: word.endMs + leadMs,
    }))
    const files = captionFiles(words, durationMs, locale)
    // Streamed from the scratch dir, never whole in memory (a 4K video is tens of megabytes).
    await timings.time('store', () =>
      Promise.all([
        this.storage.putFile(videoKey, outputPath, 'video/mp4'),
        this.storage.putFile(thumbKey, thumbnailPath, 'image/jpeg'),
        storeCardThumbnail(this.storage, thumbKey, thumbnailPath),
        this.storage.put(srtKey, Buffer.from(files.srt), 'application/x-subrip'),
        this.storage.put(vttKey, Buffer.from(files.vtt), 'text/vtt'),
      ])
    )
    return {
      videoKey,
      thumbKey,
      resolution: `${size.width}x${size.height}`,
      watermarked: watermark,
      durationSeconds: Math.round(durationMs) / 1000,
    }
  }
}

function voiceFileName(contentType: Speech['contentType']) {
  return contentType === 'audio/mpeg' ? 'voice.mp3' : 'voice.wav'
}

/** The kit's intro and outro as the run's snapshot took them, with its logo. */
function brandCards(snapshot: Project['brandSnapshot'], logoPath: string | null) {
  const card = (
    kind: 'intro' | 'outro',
    text: string | undefined,
    seconds: number | undefined
  ): BrandCard | null =>
    text === undefined || seconds === undefined
      ? null
      : {
          kind,
          seconds,
          text,
          background: snapshot!.primaryColor,
          color: snapshot!.accentColor,
          logoPath,
        }
  return {
    intro: card('intro', snapshot?.intro?.title, snapshot?.intro?.seconds),
    outro: card('outro', snapshot?.outro?.line, snapshot?.outro?.seconds),
  }
}
