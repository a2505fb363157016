import { inject } from '@adonisjs/core'
import { cardThumbnailKey } from '#media/services/card_thumbnails'
import { MediaStorage } from '#media/services/media_storage'
import { OwnedPictures } from '#media/queries/owned_pictures'
import type Project from '#studio/models/project'
import type Scene from '#studio/models/scene'
import type { SignedUrls } from '#studio/transformers/scene_transformer'
import { cardThumbKeyOf, type VideoCard } from '#studio/transformers/video_transformer'

/** Where SignedUrls keeps a picture's thumbnail URL, by the picture's id. */
export function pictureUrlKey(pictureId: number) {
  return `picture:${pictureId}`
}

/**
 * Signed, expiring URLs for the stored media a response shows, computed
 * once per response and handed to the transformers.
 */
@inject()
export class SignedMedia {
  constructor(private storage: MediaStorage) {}

  /** A list's cards: each video's thumbnail, its card-sized copy and its file, nothing of its scenes. */
  async forList(videos: VideoCard[]): Promise<SignedUrls> {
    return this.#sign(
      videos.flatMap((video) => [video.thumbKey, cardThumbKeyOf(video), video.outputVideoKey])
    )
  }

  /**
   * The scenes' stills and previews, and the owner's pictures they show
   * (Image to Video), which the scene transformer finds by pictureUrlKey,
   * with their shapes, for the storyboard to frame them as the render does.
   */
  async forScenes(userId: number, scenes: Scene[], project?: Project): Promise<SignedUrls> {
    const pictureIds = scenes.flatMap((scene) => (scene.pictureId ? [scene.pictureId] : []))
    const pictures = await new OwnedPictures().find(userId, pictureIds)
    const urls = await this.#sign([
      ...scenes.flatMap((scene) => [scene.thumbnailKey, scene.videoKey]),
      ...pictures.map((picture) => picture.thumbnailKey),
      project?.outputVideoKey ?? null,
      project?.thumbKey ?? null,
      project?.thumbKey ? cardThumbnailKey(project.thumbKey) : null,
    ])
    for (const picture of pictures) {
      urls.set(pictureUrlKey(picture.id), urls.get(picture.thumbnailKey)!)
    }
    const shapes = pictures.map(
      ({ id, width, height, focus }) => [id, { width, height, focus }] as const
    )
    return Object.assign(urls, { pictures: new Map(shapes) })
  }

  /** Brand kits' logos (docs/product.md, Brand kits), found by pictureUrlKey: transparency kept. */
  async forLogos(userId: number, logoPictureIds: (number | null)[]): Promise<SignedUrls> {
    const ids = logoPictureIds.filter((id): id is number => id !== null)
    const pictures = await new OwnedPictures().find(userId, ids)
    const urls = await this.#sign(pictures.map((picture) => picture.thumbnailKey))
    for (const picture of pictures) {
      urls.set(pictureUrlKey(picture.id), urls.get(picture.thumbnailKey)!)
    }
    return urls
  }

  async #sign(keys: (string | null)[]): Promise<SignedUrls> {
    return this.storage.signedUrls(keys.filter((key): key is string => Boolean(key)))
  }
}
