import { inject } from '@adonisjs/core'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import type Scene from '#studio/models/scene'
import type { SignedUrls } from '#studio/transformers/scene_transformer'
import type { VideoCard } from '#studio/transformers/video_transformer'

/**
 * Signed, expiring URLs for the stored media a response shows, computed
 * once per response and handed to the transformers.
 */
@inject()
export class SignedMedia {
  constructor(private storage: MediaStorage) {}

  /** A list's cards: each video's thumbnail and file, nothing of its scenes. */
  async forList(videos: VideoCard[]): Promise<SignedUrls> {
    return this.#sign(videos.flatMap((video) => [video.thumbKey, video.outputVideoKey]))
  }

  async forScenes(scenes: Scene[], project?: Project): Promise<SignedUrls> {
    return this.#sign([
      ...scenes.flatMap((scene) => [scene.thumbnailKey, scene.videoKey]),
      project?.outputVideoKey ?? null,
      project?.thumbKey ?? null,
    ])
  }

  async #sign(keys: (string | null)[]): Promise<SignedUrls> {
    return this.storage.signedUrls(keys.filter((key): key is string => Boolean(key)))
  }
}
