import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { CancelVideo } from '#studio/actions/cancel_video'
import { DeleteProject } from '#studio/actions/delete_project'
import { ListVideos } from '#studio/queries/list_videos'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { SignedMedia } from '#studio/services/signed_media'
import VideoTransformer from '#studio/transformers/video_transformer'

@inject()
export default class VideosController {
  constructor(private signedMedia: SignedMedia) {}

  async index({ auth }: HttpContext) {
    const projects = await new ListVideos(auth.getUserOrFail()).all()
    const urls = await this.signedMedia.forProjects(projects)
    return apiSerializer.serialize(VideoTransformer.transform(projects, urls))
  }

  async show({ auth, params, response }: HttpContext) {
    const project = await new OwnedProjects(auth.getUserOrFail()).findWithScenes(params.id)
    if (!project) {
      return response.notFound({ message: 'Video not found' })
    }
    const urls = await this.signedMedia.forScenes(project.scenes, project)
    return apiSerializer.serialize(VideoTransformer.transform(project, urls))
  }

  async status({ auth, params, response }: HttpContext) {
    const project = await new OwnedProjects(auth.getUserOrFail()).find(params.id)
    if (!project) {
      return response.notFound({ message: 'Project not found' })
    }
    return apiSerializer.serialize(
      VideoTransformer.transform(project, new Map()).useVariant('forStatus')
    )
  }

  @inject()
  async cancel({ auth, params, response }: HttpContext, cancelVideo: CancelVideo) {
    const project = await new OwnedProjects(auth.getUserOrFail()).find(params.id)
    if (!project) {
      return response.notFound({ message: 'Project not found' })
    }
    if (!(await cancelVideo.handle(project))) {
      return response.conflict({ message: 'This video is not being generated.' })
    }
    return response.ok({ message: 'Video processing cancelled' })
  }

  @inject()
  async destroy({ auth, params, response }: HttpContext, deleteProject: DeleteProject) {
    const project = await new OwnedProjects(auth.getUserOrFail()).find(params.id)
    if (!project) {
      return response.notFound({ message: 'Video not found' })
    }
    await deleteProject.handle(project)
    return response.ok({ message: 'Video deleted successfully' })
  }
}
