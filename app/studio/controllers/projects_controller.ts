import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { createHash } from 'node:crypto'
import { apiSerializer } from '#core/http/api_serializer'
import { CreateProject } from '#studio/actions/create_project'
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

  async show({ auth, params, response }: HttpContext) {
    const project = await new OwnedProjects(auth.getUserOrFail()).findWithScenes(params.id)
    if (!project) {
      return response.notFound({ message: 'Project not found' })
    }
    const urls = await this.signedMedia.forScenes(project.scenes, project)
    return apiSerializer.serialize(ProjectTransformer.transform(project, urls))
  }

  /**
   * The scene list, with an ETag over what can change so pollers get a
   * 304 while nothing has (signed URLs differ per call, so the tag is not
   * taken from the body).
   */
  async scenes({ auth, params, request, response }: HttpContext) {
    const project = await new OwnedProjects(auth.getUserOrFail()).findWithScenes(params.id)
    if (!project) {
      return response.notFound({ message: 'Project not found' })
    }
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
   * Rendering arrives with the rendering pipeline; until then this says so
   * rather than pretend.
   */
  async generateAll({ auth, params, response }: HttpContext) {
    const project = await new OwnedProjects(auth.getUserOrFail()).find(params.id)
    if (!project) {
      return response.notFound({ message: 'Project not found' })
    }
    return response.status(501).json({ message: 'Video rendering is not available yet.' })
  }
}
