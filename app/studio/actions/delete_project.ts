import { inject } from '@adonisjs/core'
import { DeletePictures } from '#media/actions/delete_pictures'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { CancelVideo } from '#studio/actions/cancel_video'
import { projectFolder } from '#studio/render/run_ids'

/**
 * Deletes a video: stops its render (refunding unfinished work), removes
 * the row with its scenes, then its files and the creator's pictures it
 * showed (docs/product.md, Image to Video).
 */
@inject()
export class DeleteProject {
  constructor(
    private cancel: CancelVideo,
    private storage: MediaStorage,
    private deletePictures: DeletePictures
  ) {}

  async handle(project: Project) {
    await this.cancel.handle(project)
    const scenes = await Scene.query().where('project_id', project.id).whereNotNull('picture_id')
    await project.delete()
    await this.storage.deletePrefix(projectFolder(project.id))
    await this.deletePictures.handle(scenes.map((scene) => scene.pictureId!))
  }
}
