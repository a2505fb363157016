import { inject } from '@adonisjs/core'
import { MediaStorage } from '#media/services/media_storage'
import type Project from '#studio/models/project'
import { CancelVideo } from '#studio/actions/cancel_video'

/**
 * Deletes a video: stops its render (refunding unfinished work), removes
 * the row with its scenes, then its files.
 */
@inject()
export class DeleteProject {
  constructor(
    private cancel: CancelVideo,
    private storage: MediaStorage
  ) {}

  async handle(project: Project) {
    await this.cancel.handle(project)
    await project.delete()
    await this.storage.deletePrefix(`projects/${project.id}/`)
  }
}
