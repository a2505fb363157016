import { inject } from '@adonisjs/core'
import { join } from 'node:path'
import { readFile } from 'node:fs/promises'
import { UnrecoverableError, type Job as BullJob } from 'bullmq'
import { Job } from '#core/queue/job'
import { withJobWorkspace } from '#core/queue/job_workspace'
import { AiProviders } from '#media/providers/ai_providers'
import { ProviderError } from '#media/providers/contracts'
import { MediaStorage } from '#media/services/media_storage'
import Scene, { SCENE_SECONDS } from '#studio/models/scene'
import { sceneWords } from '#studio/styles'
import { RenderRun } from '#studio/render/render_run'
import { renderSizeFor } from '#studio/render/render_settings'
import { SettleRender } from '#studio/actions/settle_render'
import { sceneErrorTitle } from '#studio/scene_errors'
import { announceProjectChange } from '#studio/render/progress_relay'

export type RenderScenePayload = { projectId: number; sceneId: number; run: number }

/**
 * One scene of a render: its still (drawn now when missing) becomes a
 * 5-second clip at the plan's resolution. Transient provider faults retry
 * with backoff; anything else fails the scene and the whole run (refunded).
 */
@inject()
export default class RenderSceneJob extends Job<RenderScenePayload, { clipKey: string } | null> {
  static jobName = 'studio.render_scene'
  static queueName = 'media'
  static concurrency = 2

  constructor(
    private ai: AiProviders,
    private storage: MediaStorage,
    private settle: SettleRender
  ) {
    super()
  }

  async handle({ projectId, sceneId, run }: RenderScenePayload, job: BullJob) {
    const renderRun = await RenderRun.load(projectId, run)
    const scene = await Scene.find(sceneId)
    if (!renderRun || !scene) return null
    await renderRun.advance('processing', 5)
    await scene.merge({ status: 'processing', errorMessage: null }).save()
    await announceProjectChange(job, projectId)

    try {
      const clipKey = await withJobWorkspace(job, (dir) => this.#render(renderRun, scene, dir))
      if (!(await renderRun.stillActive())) return null
      await scene.merge({ status: 'completed', videoKey: clipKey }).save()
      await renderRun.recordSceneProgress()
      await announceProjectChange(job, projectId)
      return { clipKey }
    } catch (error) {
      const retryable = error instanceof ProviderError && error.kind === 'transient'
      if (retryable && job.attemptsMade + 1 < (job.opts.attempts ?? 1)) {
        throw error
      }
      const message = (error as Error).message
      await scene.merge({ status: 'failed', errorMessage: message }).save()
      await this.settle.fail(
        projectId,
        run,
        `Scene ${scene.order}: ${sceneErrorTitle(message)}. ${message}`
      )
      throw new UnrecoverableError(message)
    }
  }

  /**
   * The picture the clip moves over. Offline stills carry their words as a
   * caption for the storyboard; the video burns in its own captions, so the
   * local driver draws the same still again without one.
   */
  async #clipSource(renderRun: RenderRun, scene: Scene) {
    const { project } = renderRun
    if (this.ai.config.driver !== 'local') {
      return Buffer.from(await this.storage.read(scene.thumbnailKey!))
    }
    const image = await this.ai.imageGenerator.generate({
      prompt: scene.prompt,
      sceneText: '',
      style: project.style,
      aspectRatio: project.aspectRatio,
      seed: scene.id,
      width: this.ai.config.stillWidth,
    })
    return image.data
  }

  async #render(renderRun: RenderRun, scene: Scene, dir: string) {
    const { project } = renderRun
    const { quality } = await renderRun.settings()
    const { width, height } = renderSizeFor(project.aspectRatio, quality)

    if (!scene.thumbnailKey) {
      const image = await this.ai.imageGenerator.generate({
        prompt: scene.prompt,
        sceneText: sceneWords(project.styleTemplate, scene.prompt),
        style: project.style,
        aspectRatio: project.aspectRatio,
        seed: scene.id,
        width: this.ai.config.stillWidth,
      })
      const stillKey = `projects/${project.id}/scenes/${scene.id}/still-${Date.now()}.jpg`
      await this.storage.put(stillKey, image.data, image.contentType)
      await scene.merge({ thumbnailKey: stillKey }).save()
    }

    const still = await this.#clipSource(renderRun, scene)
    const outputPath = join(dir, 'clip.mp4')
    await this.ai.clipGenerator.clip({
      still,
      index: scene.order - 1,
      seconds: SCENE_SECONDS,
      width,
      height,
      outputPath,
      prompt: sceneWords(project.styleTemplate, scene.prompt),
    })
    const clipKey = `projects/${project.id}/runs/${renderRun.run}/scene-${scene.id}.mp4`
    await this.storage.put(clipKey, await readFile(outputPath), 'video/mp4')
    return clipKey
  }
}
