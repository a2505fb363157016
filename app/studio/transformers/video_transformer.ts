import { BaseTransformer } from '@adonisjs/core/transformers'
import type Project from '#studio/models/project'
import type { SignedUrls } from '#studio/transformers/scene_transformer'

/**
 * The still a video card shows: the video's own thumbnail, else its first
 * scene's still. A list reads the latter as a subquery (`first_still_key`)
 * instead of loading the scenes.
 */
export function thumbKeyOf(project: Project): string | null {
  if (project.thumbKey) return project.thumbKey
  if (project.$preloaded.scenes) {
    return project.scenes.find((scene) => scene.thumbnailKey)?.thumbnailKey ?? null
  }
  return project.$extras.first_still_key ?? null
}

/** The video's length: its scenes' seconds, summed in SQL (`scene_seconds`) for a list. */
function sceneSeconds(project: Project): number {
  if (project.$preloaded.scenes) {
    return project.scenes.reduce((total, scene) => total + scene.duration, 0)
  }
  return project.$extras.scene_seconds ?? 0
}

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
    return {
      id: project.id,
      prompt: project.script,
      style: project.style,
      duration: sceneSeconds(project),
      status: project.status,
      thumbUrl: this.#url(thumbKeyOf(project)),
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
