import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { WriteAnswer } from '#core/http/write_answer'
import { OwnedPictures } from '#media/queries/owned_pictures'
import { MediaStorage } from '#media/services/media_storage'
import { EditScenes, type SceneEditResult } from '#studio/actions/edit_scenes'
import { QueueSceneStills } from '#studio/actions/queue_scene_stills'
import { SCENE_DELETED, sceneEditRefusal, stillRefusal } from '#studio/answers'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { ProjectViews } from '#studio/services/project_views'
import type Scene from '#studio/models/scene'
import { createSceneValidator, updateSceneValidator } from '#studio/validators/scene'

@inject()
export default class ScenesController {
  constructor(
    private editScenes: EditScenes,
    private views: ProjectViews
  ) {}

  async store(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const input = await ctx.request.validateUsing(createSceneValidator)
    const project = await new OwnedProjects(user).findOrFail(input.projectId)
    const result = await this.editScenes.add(project, input)
    return this.#respond(new WriteAnswer(ctx), user.id, result, 201, 'Scene added successfully')
  }

  async update(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const scene = await new OwnedProjects(user).findSceneOrFail(ctx.params.id)
    const input = await ctx.request.validateUsing(updateSceneValidator)
    const result = await this.editScenes.update(scene, input)
    return this.#respond(new WriteAnswer(ctx), user.id, result, 200, 'Scene updated successfully')
  }

  async destroy(ctx: HttpContext) {
    const scene = await new OwnedProjects(ctx.auth.getUserOrFail()).findSceneOrFail(ctx.params.id)
    const result = await this.editScenes.remove(scene)
    const answer = new WriteAnswer(ctx)
    if (result.status !== 'done') {
      const refusal = sceneEditRefusal(result)
      return answer.refused(refusal.status, { message: refusal.message })
    }
    return answer.done(200, { message: SCENE_DELETED }, 'Scene deleted successfully')
  }

  /**
   * A scene's lasting address (what Copy URL copies): its owner is sent on
   * to the current preview or still through a fresh signed URL; anyone else
   * gets the 404 of a scene that is not theirs.
   */
  @inject()
  async media({ auth, params, response }: HttpContext, storage: MediaStorage) {
    const user = auth.getUserOrFail()
    const scene = await new OwnedProjects(user).findSceneOrFail(params.sceneId)
    // Image to Video: before its first render a scene's picture is what it shows.
    const [picture] = await new OwnedPictures().find(
      user.id,
      scene.pictureId ? [scene.pictureId] : []
    )
    const url = await storage.signedUrl(
      scene.videoKey ?? scene.thumbnailKey ?? picture?.key ?? null
    )
    if (!url) return response.notFound({ message: 'This scene has no picture yet.' })
    return response.redirect(url)
  }

  @inject()
  async generate(ctx: HttpContext, queueStills: QueueSceneStills) {
    const scene = await new OwnedProjects(ctx.auth.getUserOrFail()).findSceneOrFail(ctx.params.id)
    const answer = new WriteAnswer(ctx)
    const queued = await queueStills.forScene(scene)
    if (queued !== 'queued') {
      const refusal = stillRefusal(queued)
      return answer.refused(refusal.status, { message: refusal.message })
    }
    const message = 'Scene generation started'
    return answer.done(202, { message, sceneId: scene.id }, message)
  }

  async #respond<Status extends 200 | 201>(
    answer: WriteAnswer,
    userId: number,
    result: SceneEditResult<Scene>,
    status: Status,
    message: string
  ) {
    if (result.status !== 'done') {
      const refusal = sceneEditRefusal(result)
      return answer.refused(refusal.status, { message: refusal.message })
    }
    const scene = await this.views.scene(userId, result.value)
    return answer.done(status, await apiSerializer.serialize(scene), message)
  }
}
