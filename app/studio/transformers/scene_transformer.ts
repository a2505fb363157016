import { BaseTransformer } from '@adonisjs/core/transformers'
import type Scene from '#studio/models/scene'
import { sceneErrorTitle } from '#studio/scene_errors'
import { pictureUrlKey } from '#studio/services/signed_media'
import type { Focus } from '#media/public/picture_framing'

/** What the storyboard frames a picture from, as the render does (framePictureIn). */
export type PictureShape = { width: number; height: number; focus: Focus | null }

/**
 * Signed URLs by storage key; for scenes, also the shapes of the pictures
 * they show, by picture id.
 */
export type SignedUrls = Map<string, string> & { pictures?: ReadonlyMap<number, PictureShape> }

export default class SceneTransformer extends BaseTransformer<Scene> {
  constructor(
    resource: Scene,
    protected urls: SignedUrls
  ) {
    super(resource)
  }

  toObject() {
    return {
      id: this.resource.id,
      projectId: this.resource.projectId,
      prompt: this.resource.prompt,
      duration: this.resource.duration,
      order: this.resource.order,
      status: this.resource.status,
      // Image to Video: the creator's picture stands for the scene.
      thumbnailUrl: this.resource.pictureId
        ? (this.urls.get(pictureUrlKey(this.resource.pictureId)) ?? null)
        : this.#url(this.resource.thumbnailKey),
      pictureId: this.resource.pictureId,
      picture: this.resource.pictureId
        ? (this.urls.pictures?.get(this.resource.pictureId) ?? null)
        : null,
      stillOutdated: this.resource.stillOutdated,
      videoUrl: this.#url(this.resource.videoKey),
      // A scene just added has not read its defaults back: its null is still unset.
      errorMessage: this.resource.errorMessage ?? null,
      errorTitle: sceneErrorTitle(this.resource.errorMessage),
    }
  }

  #url(key: string | null) {
    return key ? (this.urls.get(key) ?? null) : null
  }
}
