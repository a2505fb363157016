import { inject } from '@adonisjs/core'
import { UnrecoverableError, type Job as BullJob } from 'bullmq'
import { Job } from '#core/queue/job'
import { ProviderError } from '#media/providers/contracts'
import { MediaStorage } from '#media/services/media_storage'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { SceneStills } from '#studio/services/scene_stills'
import { SceneLifecycle } from '#studio/render/scene_lifecycle'

export type GenerateSceneStillPayload = { sceneId: number }

/**
 * Draws one scene's still and stores it. Transient provider faults are
 * retried with backoff; anything else fails the scene with the provider's
 * message, which the storyboard turns into a category (docs/product.md, Storyboard).
 */
@inject()
export default class GenerateSceneStillJob extends Job<GenerateSceneStillPayload, void> {
  static jobName = 'studio.generate_scene_still'
  static queueName = 'media'

  constructor(
    private stills: SceneStills,
    private storage: MediaStorage,
    private scenes: SceneLifecycle
  ) {
    super()
  }

  async handle({ sceneId }: GenerateSceneStillPayload, job: BullJob) {
    const scene = await Scene.find(sceneId)
    if (!scene) return
    const project = await Project.findOrFail(scene.projectId)
    await this.scenes.begin(scene)
    // An edit while the still is drawn leaves it marked outdated, not passed off as current.
    const prompt = scene.prompt

    try {
      const { key } = await this.stills.drawAndStore(project, scene)
      // A new still makes the clip source drawn from the old one stale, and its preview with it.
      const previous = [scene.thumbnailKey, scene.clipSourceKey, scene.videoKey]
      await this.scenes.stillDrawn(scene, { thumbnailKey: key, thumbnailPrompt: prompt })
      for (const stale of new Set(previous)) {
        if (stale) await this.storage.delete(stale)
      }
    } catch (error) {
      const retryable = error instanceof ProviderError ? error.kind === 'transient' : false
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      if (retryable && !lastAttempt) {
        throw error
      }
      await this.scenes.stillFailed(scene, (error as Error).message)
      throw new UnrecoverableError((error as Error).message)
    }
  }
}
