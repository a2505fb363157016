import { OwnedSeries } from '#studio/queries/owned_series'
import { PausedSeriesTransformer } from '#studio/transformers/series_transformer'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { apiSerializer } from '#core/http/api_serializer'
import { WriteAnswer } from '#core/http/write_answer'
import { MediaStorage } from '#media/services/media_storage'
import { CancelVideo } from '#studio/actions/cancel_video'
import { DeleteProject } from '#studio/actions/delete_project'
import { DuplicateProject } from '#studio/actions/duplicate_project'
import { EditVideoPost } from '#studio/actions/edit_video_post'
import {
  GENERATION_CANCELLED,
  NO_VIDEO_TO_POST,
  NOT_GENERATING,
  POST_SAVED,
  VIDEO_DUPLICATED,
} from '#studio/answers'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { ProjectViews } from '#studio/services/project_views'
import { videoDownload } from '#studio/services/video_download'
import { cardOf } from '#studio/transformers/video_transformer'
import { VideoCaptions, type CaptionFormat } from '#studio/queries/video_captions'
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, videoListValidator } from '#studio/validators/video_list'
import { videoPostValidator } from '#studio/validators/video_post'

/** Home shows this many of the latest videos (docs/product.md, Home). */
const RECENT_VIDEOS = 6

/**
 * Videos, each read with one face for pages and one for `/api/*`: both
 * share the lookup and the transformer, only the response differs.
 */
@inject()
export default class VideosController {
  constructor(private views: ProjectViews) {}

  async dashboard({ auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const [{ videos }, paused] = await Promise.all([
      this.views.page(user, {}, {}, RECENT_VIDEOS),
      new OwnedSeries(user.id).pausedWithReason(),
    ])
    return inertia.render('studio/dashboard', {
      videos,
      pausedSeries: PausedSeriesTransformer.transform(paused),
    })
  }

  /** My Videos: one tab's page under the search and filter of the URL (odd values are ignored). */
  async page({ auth, inertia, request }: HttpContext) {
    const [invalid, query] = await videoListValidator.tryValidate(request.qs())
    const input = invalid ? {} : query
    const filters = {
      search: input.search ?? '',
      status: input.status ?? 'all',
      tab: input.tab ?? 'completed',
    }
    const library = await this.views.pageWithCounts(
      auth.getUserOrFail(),
      filters,
      input,
      input.perPage ?? DEFAULT_PER_PAGE
    )
    return inertia.render('studio/videos', { library, filters })
  }

  /**
   * A plain array, 100 at most with a `Link` header to the rest or,
   * asked with `perPage`, a page with its cursors and counts.
   */
  async index({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(videoListValidator)
    const user = auth.getUserOrFail()
    const filters = { search: input.search, status: input.status, tab: input.tab }
    if (input.perPage === undefined) {
      const page = await this.views.page(user, filters, input, MAX_PER_PAGE)
      if (page.next) {
        const rest = new URLSearchParams({ ...definedOnly(filters), after: page.next })
        response.header('Link', `<${request.url()}?${rest}>; rel="next"`)
      }
      return page.videos
    }
    return this.views.library(user, filters, input, input.perPage)
  }

  async player({ auth, inertia, params }: HttpContext) {
    const video = await this.views.video(auth.getUserOrFail(), params.videoId)
    return inertia.render('studio/player', { video })
  }

  async show({ auth, params }: HttpContext) {
    return apiSerializer.serialize(await this.views.video(auth.getUserOrFail(), params.id))
  }

  /**
   * Edit the post a finished video is published with (docs/product.md,
   * Ready to post); answered with the video, or back on the player.
   */
  @inject()
  async updatePost(ctx: HttpContext, editVideoPost: EditVideoPost) {
    const user = ctx.auth.getUserOrFail()
    const project = await new OwnedProjects(user).findVideoOrFail(ctx.params.id)
    const input = await ctx.request.validateUsing(videoPostValidator)
    const answer = new WriteAnswer(ctx)
    const result = await editVideoPost.handle(project, input)
    switch (result.status) {
      case 'no_video':
        return answer.refused(NO_VIDEO_TO_POST.status, { message: NO_VIDEO_TO_POST.message })
      case 'saved': {
        const video = await apiSerializer.serialize(await this.views.video(user, project.id))
        return answer.done(200, video, POST_SAVED)
      }
    }
  }

  /**
   * Download: the owner's video file saved as `<title>.mp4`, through a
   * fresh signed URL that answers with `attachment`; the player's own URL
   * keeps showing it inline.
   */
  @inject()
  async download({ auth, params, response }: HttpContext, storage: MediaStorage) {
    const project = await new OwnedProjects(auth.getUserOrFail()).findVideoOrFail(params.videoId)
    if (!project.outputVideoKey) {
      return response.notFound({ message: 'This video has no file yet.' })
    }
    const { contentDisposition } = videoDownload(project.id, cardOf(project).script)
    return response.redirect(
      await storage.signedDownloadUrl(project.outputVideoKey, contentDisposition)
    )
  }

  /** The video's captions as a file: SRT or WebVTT (the player's `<track>` reads the VTT). */
  @inject()
  async captions({ auth, params, response }: HttpContext, storage: MediaStorage) {
    const format = params.format as CaptionFormat
    const file = await new VideoCaptions(storage).of(auth.getUserOrFail(), params.id, format)
    return response
      .header('content-type', file.contentType)
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .ok(file.body)
  }

  async statusPage({ auth, inertia, params }: HttpContext) {
    const report = await this.views.status(auth.getUserOrFail(), params.projectId)
    return inertia.render('studio/status', { projectId: Number(params.projectId), report })
  }

  async status({ auth, params }: HttpContext) {
    return apiSerializer.serialize(await this.views.status(auth.getUserOrFail(), params.id))
  }

  /** Cancel Processing; from a page it lands on the project's storyboard. */
  @inject()
  async cancel(ctx: HttpContext, cancelVideo: CancelVideo) {
    const project = await new OwnedProjects(ctx.auth.getUserOrFail()).findOrFail(ctx.params.id)
    const answer = new WriteAnswer(ctx)
    if (!(await cancelVideo.handle(project))) {
      return answer.refused(NOT_GENERATING.status, { message: NOT_GENERATING.message })
    }
    const message = GENERATION_CANCELLED
    const storyboard = urlFor('studio.storyboard.show', { projectId: project.id })
    return answer.done(200, { message }, message, storyboard)
  }

  /**
   * Duplicate: a new draft with the video's mode, settings and scenes (and
   * their pictures or stills); from a page it opens on its storyboard.
   */
  @inject()
  async duplicate(ctx: HttpContext, duplicateProject: DuplicateProject) {
    const user = ctx.auth.getUserOrFail()
    const source = await new OwnedProjects(user).findOrFail(ctx.params.id)
    const copy = await duplicateProject.handle(source)
    const project = await apiSerializer.serialize(await this.views.project(user, copy.id))
    const storyboard = urlFor('studio.storyboard.show', { projectId: copy.id })
    return new WriteAnswer(ctx).done(201, project, VIDEO_DUPLICATED, storyboard)
  }

  @inject()
  async destroy(ctx: HttpContext, deleteProject: DeleteProject) {
    const project = await new OwnedProjects(ctx.auth.getUserOrFail()).findVideoOrFail(ctx.params.id)
    await deleteProject.handle(project)
    const message = 'Video deleted successfully'
    return new WriteAnswer(ctx).done(200, { message }, message)
  }
}

function definedOnly(values: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined)
  )
}
