import { inject } from '@adonisjs/core'
import sharp from 'sharp'
import logger from '@adonisjs/core/services/logger'
import { readFile } from 'node:fs/promises'
import type { Job as BullJob } from 'bullmq'
import { passingProviderFaults, StudioJob } from '#studio/jobs/studio_job'
import { StageTimings } from '#core/stage_timings'
import { withJobWorkspace } from '#core/queue/job_workspace'
import { AiProviders } from '#media/providers/ai_providers'
import type { RenderSize, StoryboardStill } from '#media/providers/contracts'
import { MediaStorage } from '#media/services/media_storage'
import Scene from '#studio/models/scene'
import { styledPrompt } from '#studio/styles'
import type { RenderEffects } from '#billing/queries/plan_effects'
import { RenderRun } from '#studio/render/render_run'
import { SceneLifecycle, type MadeClip } from '#studio/render/scene_lifecycle'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import { PROGRESS } from '#studio/render/render_settings'
import { sceneRunFolder } from '#studio/render/run_ids'
import { sceneErrorTitle } from '#studio/scene_errors'
import { SceneStills } from '#studio/services/scene_stills'
import { PictureMissingError, ScenePictures, showsPicture } from '#studio/services/scene_pictures'

export type PrepareSceneClipPayload = {
  projectId: number
  sceneId: number
  run: number
  /** The run's render quality and watermark, frozen when it started. */
  effects?: RenderEffects
  /** The clip provider's request, kept by a try that submitted it, for the next try to resume. */
  clipRequest?: string
}

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const

/**
 * One scene of a render: what its clip is made from, ready for the
 * video's single encode (RenderVideoJob): the still (drawn now when missing), the
 * creator's own picture, for which nothing is ever drawn (docs/product.md,
 * Image to Video), or a video generated from either (fal). A source kept
 * from an earlier run is reused. Transient provider faults retry with
 * backoff; anything else fails the scene and the whole run (refunded). A
 * cancel stops it at once.
 */
@inject()
export default class PrepareSceneClipJob extends StudioJob<
  PrepareSceneClipPayload,
  { sourceKey: string } | null
> {
  // The queue's name from before the job was named for what it does: jobs queued then still run.
  static jobName = 'studio.render_scene'
  static queueName = 'media'
  // The run's voice-over and two scenes at once: its job shares this queue.
  static concurrency = 3
  // A scene's own fault fails alike on every try (StudioJob's named exception).
  protected retries = passingProviderFaults

  constructor(
    private ai: AiProviders,
    private stills: SceneStills,
    private pictures: ScenePictures,
    private storage: MediaStorage,
    private video: VideoLifecycle,
    private scenes: SceneLifecycle
  ) {
    super()
  }

  async handle(payload: PrepareSceneClipPayload, job: BullJob) {
    const { projectId, sceneId, run } = payload
    const timings = new StageTimings()
    try {
      return await this.#make(payload, job, timings)
    } finally {
      logger.info({ projectId, sceneId, run, stages: timings.stages }, 'scene stages')
    }
  }

  async #make(
    { projectId, sceneId, run, effects }: PrepareSceneClipPayload,
    job: BullJob,
    timings: StageTimings
  ) {
    const renderRun = await RenderRun.load(projectId, run, effects)
    const scene = await Scene.find(sceneId)
    if (!renderRun || !scene) return null
    try {
      return await this.#makeClip(renderRun, scene, job, timings)
    } finally {
      await this.#sweepRunFolder(projectId, sceneId, run)
    }
  }

  async #makeClip(renderRun: RenderRun, scene: Scene, job: BullJob, timings: StageTimings) {
    const { project, run } = renderRun
    const projectId = project.id
    await timings.time('announce', () =>
      this.video.advance(projectId, run, 'process', PROGRESS.processing)
    )

    const kept = scene.clipSourceKey
    if (kept && !(await this.#framedForAnotherSize(renderRun, scene, kept))) {
      await this.scenes.clipMade(scene, run)
      await timings.time('announce', () => this.#recordProgress(renderRun))
      return { sourceKey: kept }
    }

    await timings.time('announce', () => this.scenes.begin(scene))
    const watch = renderRun.watch()
    try {
      const { made, created } = await withJobWorkspace(job, (dir) =>
        this.#prepare(renderRun, scene, dir, watch.signal, job, timings)
      )
      if (kept) made.replaces = kept
      if (!(await this.scenes.clipMade(scene, run, made))) {
        // Cancelled or edited meanwhile: the cancel refunded this scene, the edit wants new words.
        for (const key of created) await this.storage.delete(key)
        return null
      }
      if (scene.videoKey && scene.videoKey !== made.videoKey) {
        // The last video's segment: this scene has a new clip now.
        await this.storage.delete(scene.videoKey)
      }
      if (scene.thumbnailKey && scene.thumbnailKey !== made.thumbnailKey) {
        // An outdated still, replaced by the new clip's first frame.
        await this.storage.delete(scene.thumbnailKey)
      }
      if (kept && kept !== made.clipSourceKey) {
        // A picture framed for another frame size, framed anew for this one.
        await this.storage.delete(kept)
      }
      await timings.time('announce', () => this.#recordProgress(renderRun))
      return { sourceKey: made.clipSourceKey }
    } catch (error) {
      if (!(await renderRun.stillActive())) return null
      if (this.willRetry(error, job)) throw error
      throw await this.giveUp(error, async (message) => {
        await this.scenes.fail(scene, message)
        await this.video.fail(projectId, run, `Scene ${scene.order}: ${runError(error as Error)}`)
      })
    } finally {
      watch.stop()
    }
  }

  /**
   * What the run's folder holds for the scene that the scene does not point
   * at is deleted: the files an attempt stored but never recorded, cut off
   * by a crash (found by the next attempt) or by an error. BullMQ runs one
   * attempt of a job at a time, so none of them is still being recorded.
   */
  async #sweepRunFolder(projectId: number, sceneId: number, run: number) {
    try {
      const scene = await Scene.find(sceneId)
      const current = new Set([scene?.thumbnailKey, scene?.clipSourceKey, scene?.videoKey])
      for (const key of await this.storage.listKeys(sceneRunFolder(projectId, sceneId, run))) {
        if (!current.has(key)) await this.storage.delete(key)
      }
    } catch (error) {
      // Left for the next attempt, if any: the scene's own outcome stands.
      logger.warn({ err: error, sceneId }, 'scene run folder not swept')
    }
  }

  /** The video moves on as its scenes' clips are made (announced). */
  async #recordProgress(renderRun: RenderRun) {
    const { project, run } = renderRun
    await this.video.advance(project.id, run, 'process', await renderRun.sceneProgress())
  }

  async #prepare(
    renderRun: RenderRun,
    scene: Scene,
    dir: string,
    signal: AbortSignal,
    job: BullJob<PrepareSceneClipPayload>,
    timings: StageTimings
  ) {
    const { project } = renderRun
    const { width, height } = await renderRun.frame()
    const generator = this.ai.clipGenerator
    const fromText =
      project.generationMode === 'text-to-video' &&
      generator.textAspectRatios.includes(project.aspectRatio)
    const folder = sceneRunFolder(project.id, scene.id, renderRun.run)
    const keyBase = `${folder}/clip-source-${Date.now()}`

    const still = await timings.time('still', async () =>
      showsPicture(project, scene)
        ? this.#picture(renderRun, scene, { width, height })
        : fromText
          ? null
          : this.#storyboardStill(renderRun, scene, folder)
    )
    const source = await timings.time('clip', () =>
      generator.clip({
        still,
        prompt: styledPrompt(project.styleTemplate, scene.prompt),
        index: scene.order - 1,
        width,
        height,
        workDir: dir,
        signal,
        // A retry, or a run after a worker crash, waits for the clip already paid for.
        resume: job.data.clipRequest,
        onSubmitted: (clipRequest) => job.updateData({ ...job.data, clipRequest }),
      })
    )

    const picture = { thumbnailKey: scene.thumbnailKey, thumbnailPrompt: scene.thumbnailPrompt }
    if (source.kind === 'still') {
      const clipSourceKey = `${keyBase}.${EXTENSIONS[source.contentType]}`
      await timings.time('store', () =>
        this.storage.put(clipSourceKey, source.image, source.contentType)
      )
      const made: MadeClip = { clipSourceKey, videoKey: scene.videoKey, ...picture }
      return { made, created: [clipSourceKey] }
    }
    const clipSourceKey = `${keyBase}.mp4`
    await this.storage.put(clipSourceKey, await readFile(source.path), 'video/mp4')
    // The generated clip is the scene's preview until the video's segment replaces it.
    const made: MadeClip = { clipSourceKey, videoKey: clipSourceKey, ...picture }
    if ((scene.thumbnailKey && !scene.stillOutdated) || !source.firstFrame) {
      return { made, created: [clipSourceKey] }
    }
    // Text-to-video has no still: the clip's first frame stands for the scene.
    made.thumbnailKey = `${folder}/still-${Date.now()}.jpg`
    made.thumbnailPrompt = scene.prompt
    await this.storage.put(made.thumbnailKey, source.firstFrame, 'image/jpeg')
    return { made, created: [clipSourceKey, made.thumbnailKey] }
  }

  /**
   * Whether the kept source is the creator's picture framed for a frame of
   * another size (the plan changed since): framing is free, so it is framed
   * anew, as sharp as this run's frame (docs/product.md, Image to Video).
   * A generated clip, paid for, is always kept.
   */
  async #framedForAnotherSize(renderRun: RenderRun, scene: Scene, kept: string) {
    if (!showsPicture(renderRun.project, scene) || kept.endsWith('.mp4')) return false
    const size = await renderRun.frame()
    const { width, height } = await sharp(Buffer.from(await this.storage.read(kept))).metadata()
    return width !== size.width || height !== size.height
  }

  /**
   * The creator's picture framed for the video, as it is animated: the
   * storyboard keeps showing the picture's own thumbnail.
   */
  async #picture(renderRun: RenderRun, scene: Scene, size: RenderSize): Promise<StoryboardStill> {
    const framed = await this.pictures.framed(renderRun.project, scene, size)
    return { own: true, read: async () => framed }
  }

  /**
   * The storyboard's still; the clip generator decides whether it moves
   * over this picture or draws its own. A missing one (Text to Video, or
   * words edited since) is drawn now without the caption the offline
   * driver writes on a still to review, as the video burns in its own: the
   * picture is drawn once, for the storyboard and the video alike.
   */
  async #storyboardStill(
    renderRun: RenderRun,
    scene: Scene,
    folder: string
  ): Promise<StoryboardStill> {
    const { project } = renderRun
    if (!scene.thumbnailKey || scene.stillOutdated) {
      // An edited scene's old still shows the old words: draw the new ones.
      const outdated = scene.thumbnailKey
      const prompt = scene.prompt
      const { image, key, request } = await this.stills.drawAndStore(project, scene, {
        caption: false,
        folder,
      })
      await scene.merge({ thumbnailKey: key, thumbnailPrompt: prompt }).save()
      if (outdated) await this.storage.delete(outdated)
      return { request, read: async () => image.data }
    }
    const key = scene.thumbnailKey
    return {
      request: this.stills.request(project, scene),
      read: async () => Buffer.from(await this.storage.read(key)),
    }
  }
}

/** Why a scene failed the run, in the words of the video's error: "Scene N: …". */
function runError(error: Error) {
  if (error instanceof PictureMissingError) {
    return error.message.charAt(0).toLowerCase() + error.message.slice(1)
  }
  return `${sceneErrorTitle(error.message)}. ${error.message}`
}
