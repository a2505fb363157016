import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { createHash } from 'node:crypto'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { apiSerializer } from '#core/http/api_serializer'
import { WriteAnswer } from '#core/http/write_answer'
import { ChooseCaptions } from '#studio/actions/choose_captions'
import { CreateProject } from '#studio/actions/create_project'
import { GenerateVideo } from '#studio/actions/generate_video'
import {
  GENERATION_ALREADY_STARTED,
  GENERATION_STARTED,
  NO_SCENES,
  PROJECT_BUSY,
  createProjectRefusal,
  insufficientCredits,
} from '#studio/answers'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { ProjectViews } from '#studio/services/project_views'
import { captionCatalogue } from '#studio/services/caption_catalogue'
import { SignedMedia } from '#studio/services/signed_media'
import SceneTransformer from '#studio/transformers/scene_transformer'
import { chooseCaptionsValidator, createProjectValidator } from '#studio/validators/project'

@inject()
export default class ProjectsController {
  constructor(
    private signedMedia: SignedMedia,
    private views: ProjectViews
  ) {}

  /**
   * A new project from its script. From /setup it opens the storyboard, or
   * stays on /setup while an AI-images project's stills are drawn.
   */
  @inject()
  async store(ctx: HttpContext, createProject: CreateProject) {
    const input = await ctx.request.validateUsing(createProjectValidator)
    const result = await createProject.handle(ctx.auth.getUserOrFail(), input)
    const answer = new WriteAnswer(ctx)
    if (result.status !== 'created') {
      const refusal = createProjectRefusal(result)
      return answer.refused(refusal.status, { message: refusal.message })
    }
    const id = result.project.id
    const next =
      input.generation_mode === 'ai-images-to-video'
        ? urlFor('studio.setup.show', {}, { qs: { stills: id } })
        : urlFor('studio.storyboard.show', { projectId: id })
    // The storyboard (or the stills' progress) is the page's answer: no toast.
    return answer.done(201, { id, project: { id } }, null, next)
  }

  /**
   * The storyboard page: the project of GET /api/projects/:id, one name per
   * field, and the caption choices its Captions card offers.
   */
  async storyboard({ auth, inertia, params }: HttpContext) {
    const project = await this.views.project(auth.getUserOrFail(), params.projectId)
    return inertia.render('studio/storyboard', {
      project: project.useVariant('forPage'),
      // Read on a full visit only, not by the page's live reloads of `project`.
      captionChoices: () => captionCatalogue(),
    })
  }

  /** How the captions look from the next render on (the storyboard's Captions card). */
  @inject()
  async chooseCaptions(ctx: HttpContext, chooseCaptions: ChooseCaptions) {
    const user = ctx.auth.getUserOrFail()
    const project = await new OwnedProjects(user).findOrFail(ctx.params.id)
    const { captions } = await ctx.request.validateUsing(chooseCaptionsValidator)
    const result = await chooseCaptions.handle(project, captions)
    const answer = new WriteAnswer(ctx)
    if (result.status !== 'done') {
      return answer.refused(PROJECT_BUSY.status, { message: PROJECT_BUSY.message })
    }
    const view = await this.views.project(user, result.project.id)
    return answer.done(200, await apiSerializer.serialize(view), 'Captions updated')
  }

  async show({ auth, params }: HttpContext) {
    return apiSerializer.serialize(await this.views.project(auth.getUserOrFail(), params.id))
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
            scene.pictureId,
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
    const urls = await this.signedMedia.forScenes(project.userId, project.scenes)
    return apiSerializer.serialize(SceneTransformer.transform(project.scenes, urls))
  }

  /**
   * Generate Final Video: charge and queue, or say why not.
   */
  @inject()
  async generateAll(ctx: HttpContext, generateVideo: GenerateVideo) {
    const user = ctx.auth.getUserOrFail()
    const project = await new OwnedProjects(user).findOrFail(ctx.params.id)
    const result = await generateVideo.handle(project.id, user.id)
    const answer = new WriteAnswer(ctx)
    // The storyboard moves on to the status page once the run is queued.
    const status = urlFor('studio.status.show', { projectId: project.id })
    switch (result.status) {
      case 'started': {
        const message = GENERATION_STARTED
        return answer.done(202, { message, status: 'queued' as const }, message, status)
      }
      case 'already_running': {
        const message = GENERATION_ALREADY_STARTED
        return answer.done(200, { message, status: result.project.status }, message, status)
      }
      case 'no_scenes':
        return answer.refused(NO_SCENES.status, { message: NO_SCENES.message })
      case 'insufficient_credits': {
        const { status: code, message } = insufficientCredits(result.missing)
        // The storyboard opens its insufficient-credits dialog with the count.
        return answer.refused(
          code,
          { message, missing: result.missing },
          {
            missingCredits: String(result.missing),
          }
        )
      }
    }
  }
}
