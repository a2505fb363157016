import { inject } from '@adonisjs/core'
import type { RenderSize } from '#media/providers/contracts'
import { OwnedPictures } from '#media/queries/owned_pictures'
import { framePicture } from '#media/render/picture_frame'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import type Scene from '#studio/models/scene'

/**
 * Image to Video: every scene shows one of the creator's own pictures and
 * never a drawn still (docs/product.md, Image to Video). A scene of such a
 * project without its picture (deleted: the column is set null) still
 * shows one, the missing one.
 */
export function showsPicture(
  project: Pick<Project, 'generationMode'>,
  scene: Pick<Scene, 'pictureId'>
) {
  return project.generationMode === 'image-to-video' || scene.pictureId !== null
}

/** A picture scene whose picture is gone, its row or its file: a render cannot show it. */
export class PictureMissingError extends Error {
  constructor() {
    super('Its picture is missing. Replace the picture and generate again.')
    this.name = 'PictureMissingError'
  }
}

/** What a picture scene's clip is made from: the owner's picture, framed for the video. */
@inject()
export class ScenePictures {
  constructor(private storage: MediaStorage) {}

  /**
   * The scene's picture (its project owner's, read from storage) framed to
   * `size` around its kept focus, as the storyboard shows it; PictureMissingError when the picture or its file is gone.
   */
  async framed(project: Project, scene: Scene, size: RenderSize) {
    const [picture] =
      scene.pictureId === null
        ? []
        : await new OwnedPictures().find(project.userId, [scene.pictureId])
    if (!picture || !(await this.storage.exists(picture.key))) {
      throw new PictureMissingError()
    }
    return framePicture(Buffer.from(await this.storage.read(picture.key)), size, picture.focus)
  }
}
