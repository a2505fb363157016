import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#auth/models/user'
import { createHash } from 'node:crypto'
import { apiSerializer } from '#core/http/api_serializer'
import { CreateProject } from '#studio/actions/create_project'
import { GenerateVideo } from '#studio/actions/generate_video'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { SignedMedia } from '#studio/services/signed_media'
import ProjectTransformer from '#studio/transformers/project_transformer'
import SceneTransformer from '#studio/transformers/scene_transformer'
import { createProjectValidator } from '#studio/validators/project'

@inject()
export default class ProjectsController {
  constructor(private signedMedia: SignedMedia) {}

  @inject()
  async store({ auth, request, response }: HttpContext, createProject: CreateProject) {
    const input = await request.validateUsing(createProjectValidator)
    const result = await createProject.handle(auth.getUserOrFail(), input)
    switch (result.status) {
      case 'created':
        return response.created({ id: result.project.id, project: { id: result.project.id } })
      case 'unknown_voice':
        return response.unprocessableEntity({ message: 'Unknown voice.' })
      case 'unknown_music':
        return response.unprocessableEntity({ message: 'Unknown music track.' })
      case 'mode_unavailable':
        return response.unprocessableEntity({ message: 'Image-to-video is coming soon.' })
    }
  }

  /** The storyboard page: the project of GET /api/projects/:id as its prop. */
  async storyboard({ auth, inertia, params }: HttpContext) {
    const project = await this.#project(auth.getUserOrFail(), params.projectId)
    return inertia.render('studio/storyboard', { project })
  }

  async show({ auth, params }: HttpContext) {
    return apiSerializer.serialize(await this.#project(auth.getUserOrFail(), params.id))
  }

  /**
   * The scene list, with an ETag over what can change so pollers get a
   * 304 while nothing has (signed URLs differ per call, so the tag is not
   * taken from the body).
   */
  async scenes({ auth, params, request, response }: HttpContext) {
    const project = await new OwnedProjects(auth.getUserOrFail()).findWithScenesOrFail(params.id)
    const etag = `"${createHash('sha1')
      .update(
        JSON.stringify(
          project.scenes.map((scene) => [
            scene.id,
            scene.order,
            scene.status,
            scene.prompt,
            scene.thumbnailKey,
            scene.videoKey,
            scene.errorMessage,
          ])
        )
      )
      .digest('hex')}"`
    response.header('ETag', etag)
    response.header('Cache-Control', 'private, no-cache')
    if (request.header('if-none-match') === etag) {
      return response.notModified()
    }
    const urls = await this.signedMedia.forScenes(project.scenes)
    return apiSerializer.serialize(SceneTransformer.transform(project.scenes, urls))
  }

  /**
   * Generate Final Video: charge and queue, or say why not.
   */
  @inject()
  async generateAll({ auth, params, response }: HttpContext, generateVideo: GenerateVideo) {
    const user = auth.getUserOrFail()
    const project = await new OwnedProjects(user).findOrFail(params.id)
    const result = await generateVideo.handle(project.id, user.id)
    switch (result.status) {
      case 'started':
        return response.accepted({ message: 'Video generation started', status: 'queued' })
      case 'already_running':
        return response.ok({
          message: 'Video generation already started',
          status: result.project.status,
        })
      case 'no_scenes':
        return response.unprocessableEntity({ message: 'Add at least one scene first.' })
      case 'insufficient_credits':
        return response.status(402).json({
          message: `You need ${result.missing} more credits`,
          missing: result.missing,
        })
    }
  }

  async #project(user: User, id: number) {
    const project = await new OwnedProjects(user).findWithScenesOrFail(id)
    return ProjectTransformer.transform(
      project,
      await this.signedMedia.forScenes(project.scenes, project)
    )
  }
}
