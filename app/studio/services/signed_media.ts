import { inject } from '@adonisjs/core'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import type Scene from '#studio/models/scene'
import type { SignedUrls } from '#studio/transformers/scene_transformer'

/**
 * Signed, expiring URLs for a project's stored media, computed once per
 * response and handed to the transformers.
 */
@inject()
export class SignedMedia {
  constructor(private storage: MediaStorage) {}

  async forProjects(projects: Project[]): Promise<SignedUrls> {
    const maps = await Promise.all(
      projects.map((project) => this.forScenes(project.scenes ?? [], project))
    )
    return new Map(maps.flatMap((map) => [...map]))
  }

  async forScenes(scenes: Scene[], project?: Project): Promise<SignedUrls> {
    const keys = [
      ...scenes.flatMap((scene) => [scene.thumbnailKey, scene.videoKey]),
      project?.outputVideoKey ?? null,
      project?.thumbKey ?? null,
    ].filter((key): key is string => Boolean(key))
    const entries = await Promise.all(
      keys.map(async (key) => [key, (await this.storage.signedUrl(key))!] as const)
    )
    return new Map(entries)
  }
}
