import { inject } from '@adonisjs/core'
import { UnrecoverableError, type Job as BullJob } from 'bullmq'
import { Job } from '#core/queue/job'
import { AiProviders } from '#media/providers/ai_providers'
import { ProviderError } from '#media/providers/contracts'
import { MediaStorage } from '#media/services/media_storage'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { sceneWords } from '#studio/styles'
import { announceProjectChange } from '#studio/render/progress_relay'

export type GenerateSceneStillPayload = { sceneId: number }

/**
 * Draws one scene's still and stores it. Transient provider faults are
 * retried with backoff; anything else fails the scene with the provider's
 * message, which the storyboard turns into a category (spec §8).
 */
@inject()
export default class GenerateSceneStillJob extends Job<GenerateSceneStillPayload, void> {
  static jobName = 'studio.generate_scene_still'
  static queueName = 'media'

  constructor(
    private ai: AiProviders,
    private storage: MediaStorage
  ) {
    super()
  }

  async handle({ sceneId }: GenerateSceneStillPayload, job: BullJob) {
    const scene = await Scene.find(sceneId)
    if (!scene) return
    const project = await Project.findOrFail(scene.projectId)
    await scene.merge({ status: 'processing', errorMessage: null }).save()

    try {
      const image = await this.ai.imageGenerator.generate({
        prompt: scene.prompt,
        sceneText: sceneWords(project.styleTemplate, scene.prompt),
        style: project.style,
        aspectRatio: project.aspectRatio,
        seed: scene.id,
        width: this.ai.config.stillWidth,
      })
      const key = `projects/${project.id}/scenes/${scene.id}/still-${Date.now()}.jpg`
      await this.storage.put(key, image.data, image.contentType)
      const previous = [scene.thumbnailKey, scene.clipSourceKey]
      // A new still makes the clip source drawn from the old one stale.
      await scene
        .merge({ status: 'completed', thumbnailKey: key, clipSourceKey: null, errorMessage: null })
        .save()
      for (const stale of previous) {
        if (stale) await this.storage.delete(stale)
      }
      await announceProjectChange(job, project.id)
    } catch (error) {
      const retryable = error instanceof ProviderError ? error.kind === 'transient' : false
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1)
      if (retryable && !lastAttempt) {
        throw error
      }
      await scene.merge({ status: 'failed', errorMessage: (error as Error).message }).save()
      await announceProjectChange(job, project.id)
      throw new UnrecoverableError((error as Error).message)
    }
  }
}
