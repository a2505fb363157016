import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#auth/models/user'
import { apiSerializer } from '#core/http/api_serializer'
import { CancelVideo } from '#studio/actions/cancel_video'
import { DeleteProject } from '#studio/actions/delete_project'
import { ListVideos } from '#studio/queries/list_videos'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { SignedMedia } from '#studio/services/signed_media'
import VideoTransformer from '#studio/transformers/video_transformer'

/** Home shows this many of the latest videos (spec §2). */
const RECENT_VIDEOS = 6

/**
 * Videos, each read with one face for pages and one for `/api/*`: both
 * share the lookup and the transformer, only the response differs.
 */
@inject()
export default class VideosController {
  constructor(private signedMedia: SignedMedia) {}

  async dashboard({ auth, inertia }: HttpContext) {
    const videos = await this.#list(auth.getUserOrFail(), RECENT_VIDEOS)
    return inertia.render('studio/dashboard', { videos })
  }

  async page({ auth, inertia }: HttpContext) {
    return inertia.render('studio/videos', { videos: await this.#list(auth.getUserOrFail()) })
  }

  async index({ auth }: HttpContext) {
    return apiSerializer.serialize(await this.#list(auth.getUserOrFail()))
  }

  async player({ auth, inertia, params }: HttpContext) {
    const video = await this.#video(auth.getUserOrFail(), params.videoId)
    return inertia.render('studio/player', { video })
  }

  async show({ auth, params }: HttpContext) {
    return apiSerializer.serialize(await this.#video(auth.getUserOrFail(), params.id))
  }

  async statusPage({ auth, inertia, params }: HttpContext) {
    const report = await this.#status(auth.getUserOrFail(), params.projectId)
    return inertia.render('studio/status', { projectId: Number(params.projectId), report })
  }

  async status({ auth, params }: HttpContext) {
    return apiSerializer.serialize(await this.#status(auth.getUserOrFail(), params.id))
  }

  @inject()
  async cancel({ auth, params, response }: HttpContext, cancelVideo: CancelVideo) {
    const project = await new OwnedProjects(auth.getUserOrFail()).findOrFail(params.id)
    if (!(await cancelVideo.handle(project))) {
      return response.conflict({ message: 'This video is not being generated.' })
    }
    return response.ok({ message: 'Video processing cancelled' })
  }

  @inject()
  async destroy({ auth, params, response }: HttpContext, deleteProject: DeleteProject) {
    const project = await new OwnedProjects(auth.getUserOrFail()).findVideoOrFail(params.id)
    await deleteProject.handle(project)
    return response.ok({ message: 'Video deleted successfully' })
  }

  async #list(user: User, limit?: number) {
    const projects = await new ListVideos(user).all({ limit })
    return VideoTransformer.transform(projects, await this.signedMedia.forProjects(projects))
  }

  async #video(user: User, id: number) {
    const project = await new OwnedProjects(user).findVideoOrFail(id)
    return VideoTransformer.transform(
      project,
      await this.signedMedia.forScenes(project.scenes, project)
    )
  }

  async #status(user: User, id: number) {
    const project = await new OwnedProjects(user).findOrFail(id)
    return VideoTransformer.transform(project, new Map()).useVariant('forStatus')
  }
}
