import { BaseTransformer } from '@adonisjs/core/transformers'
import type Project from '#studio/models/project'
import type { SignedUrls } from '#studio/transformers/scene_transformer'

/**
 * A project as a video (spec §3 Video, plus what the list and player show).
 */
export default class VideoTransformer extends BaseTransformer<Project> {
  constructor(
    resource: Project,
    protected urls: SignedUrls
  ) {
    super(resource)
  }

  toObject() {
    const project = this.resource
    const scenes = project.scenes ?? []
    const firstStill = scenes.find((scene) => scene.thumbnailKey)?.thumbnailKey ?? null
    return {
      id: project.id,
      prompt: project.script,
      style: project.style,
      duration: scenes.reduce((total, scene) => total + scene.duration, 0),
      status: project.status,
      thumbUrl: this.#url(project.thumbKey ?? firstStill),
      outputVideoUrl: this.#url(project.outputVideoKey),
      createdAt: project.createdAt.toISO()!,
      aspectRatio: project.aspectRatio,
      resolution: project.resolution,
      progressPercent: project.progressPercent,
      error: project.error,
    }
  }

  forStatus() {
    return {
      status: this.resource.status,
      error: this.resource.error,
      progress: this.resource.progressPercent,
    }
  }

  #url(key: string | null) {
    return key ? (this.urls.get(key) ?? null) : null
  }
}
