import { inject } from '@adonisjs/core'
import type { Job as BullJob } from 'bullmq'
import { passingProviderFaults, StudioJob } from '#studio/jobs/studio_job'
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
export default class GenerateSceneStillJob extends StudioJob<GenerateSceneStillPayload, void> {
  static jobName = 'studio.generate_scene_still'
  static queueName = 'media'
  // A scene's own fault fails alike on every try (StudioJob's named exception).
  protected retries = passingProviderFaults

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
      if (this.willRetry(error, job)) throw error
      throw await this.giveUp(error, (message) => this.scenes.stillFailed(scene, message))
    }
  }
}
