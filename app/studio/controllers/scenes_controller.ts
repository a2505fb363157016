import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { MediaStorage } from '#media/services/media_storage'
import { EditScenes, type SceneEditResult } from '#studio/actions/edit_scenes'
import { QueueSceneStills } from '#studio/actions/queue_scene_stills'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { SignedMedia } from '#studio/services/signed_media'
import SceneTransformer from '#studio/transformers/scene_transformer'
import type Scene from '#studio/models/scene'
import { createSceneValidator, updateSceneValidator } from '#studio/validators/scene'

const BUSY_MESSAGE = 'This project is being generated; wait or cancel first.'

@inject()
export default class ScenesController {
  constructor(
    private editScenes: EditScenes,
    private signedMedia: SignedMedia
  ) {}

  async store({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(createSceneValidator)
    const project = await new OwnedProjects(auth.getUserOrFail()).findOrFail(input.projectId)
    const result = await this.editScenes.add(project, input)
    return this.#respond(response, result, 201)
  }

  async update({ auth, params, request, response }: HttpContext) {
    const scene = await new OwnedProjects(auth.getUserOrFail()).findSceneOrFail(params.id)
    const input = await request.validateUsing(updateSceneValidator)
    return this.#respond(response, await this.editScenes.update(scene, input), 200)
  }

  async destroy({ auth, params, response }: HttpContext) {
    const scene = await new OwnedProjects(auth.getUserOrFail()).findSceneOrFail(params.id)
    const result = await this.editScenes.remove(scene)
    if (result.status !== 'done') {
      return response.conflict({ message: BUSY_MESSAGE })
    }
    return response.ok({ message: 'Scene deleted' })
  }

  /**
   * A scene's lasting address (what Copy URL copies): its owner is sent on
   * to the current preview or still through a fresh signed URL; anyone else
   * gets the 404 of a scene that is not theirs.
   */
  @inject()
  async media({ auth, params, response }: HttpContext, storage: MediaStorage) {
    const scene = await new OwnedProjects(auth.getUserOrFail()).findSceneOrFail(params.sceneId)
    const url = await storage.signedUrl(scene.videoKey ?? scene.thumbnailKey)
    if (!url) return response.notFound({ message: 'This scene has no picture yet.' })
    return response.redirect(url)
  }

  @inject()
  async generate({ auth, params, response }: HttpContext, queueStills: QueueSceneStills) {
    const scene = await new OwnedProjects(auth.getUserOrFail()).findSceneOrFail(params.id)
    if ((await queueStills.forScene(scene)) === 'project_busy') {
      return response.conflict({ message: BUSY_MESSAGE })
    }
    return response.accepted({ message: 'Scene generation started', sceneId: scene.id })
  }

  async #respond(
    response: HttpContext['response'],
    result: SceneEditResult<Scene>,
    status: 200 | 201
  ) {
    switch (result.status) {
      case 'done': {
        const urls = await this.signedMedia.forScenes([result.value])
        return response
          .status(status)
          .json(await apiSerializer.serialize(SceneTransformer.transform(result.value, urls)))
      }
      case 'project_busy':
        return response.conflict({
          message: BUSY_MESSAGE,
        })
      case 'order_out_of_range':
        return response.unprocessableEntity({
          message: `Scene order must be between 1 and ${result.max}.`,
        })
    }
  }
}
