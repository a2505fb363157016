import { inject } from '@adonisjs/core'
import { AiProviders } from '#media/providers/ai_providers'
import type { ImageRequest } from '#media/providers/contracts'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import type Scene from '#studio/models/scene'
import { sceneWords, styledPrompt } from '#studio/styles'

/**
 * A scene's still, as the storyboard shows it: drawn from its prompt in the
 * project's style and aspect ratio, the same picture for the same scene.
 */
@inject()
export class SceneStills {
  constructor(
    private ai: AiProviders,
    private storage: MediaStorage
  ) {}

  /**
   * What the still is drawn from; the offline driver writes the scene's
   * words on it unless `caption` is false.
   */
  request(project: Project, scene: Scene, caption = true): ImageRequest {
    return {
      prompt: styledPrompt(project.styleTemplate, scene.prompt),
      sceneText: sceneWords(project.styleTemplate, scene.prompt),
      caption,
      style: project.style,
      aspectRatio: project.aspectRatio,
      seed: scene.id,
      width: this.ai.config.stillWidth,
    }
  }

  /**
   * Draws the still and stores it under a new key in `folder` (by default
   * the scene's), which it returns with the image and its request; the
   * offline driver captions it unless `caption` is false.
   */
  async drawAndStore(
    project: Project,
    scene: Scene,
    {
      caption = true,
      folder = `projects/${project.id}/scenes/${scene.id}`,
    }: { caption?: boolean; folder?: string } = {}
  ) {
    const request = this.request(project, scene, caption)
    const image = await this.ai.imageGenerator.generate(request)
    const key = `${folder}/still-${Date.now()}.jpg`
    await this.storage.put(key, image.data, image.contentType)
    return { image, key, request }
  }
}
