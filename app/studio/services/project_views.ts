import { inject } from '@adonisjs/core'
import type User from '#auth/models/user'
import {
  ListVideos,
  type VideoListFilters,
  type VideoListPosition,
} from '#studio/queries/list_videos'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { RenderEstimates } from '#studio/queries/render_estimates'
import { VideoCaptions } from '#studio/queries/video_captions'
import { MediaStorage } from '#media/services/media_storage'
import { isGenerating } from '#studio/public/statuses'
import type Scene from '#studio/models/scene'
import { SignedMedia } from '#studio/services/signed_media'
import ProjectTransformer from '#studio/transformers/project_transformer'
import SceneTransformer from '#studio/transformers/scene_transformer'
import VideoTransformer, { cardOf, type VideoCard } from '#studio/transformers/video_transformer'

/**
 * A user's projects and videos as the studio shows them: the owner's lookup
 * (OwnedProjects), the media URLs signed once and the transformer, shared by
 * a page, its /api twin and its MCP tool, which differ only in the last line.
 */
@inject()
export class ProjectViews {
  constructor(
    private signedMedia: SignedMedia,
    private storage: MediaStorage
  ) {}

  /** A project with its scenes (the storyboard, GET /api/projects/:id). */
  async project(user: User, id: number) {
    const project = await new OwnedProjects(user).findStoryboardOrFail(id)
    return ProjectTransformer.transform(
      project,
      await this.signedMedia.forScenes(project.userId, project.scenes, project)
    )
  }

  /** A storyboard scene of the user's, as a scene edit answers it. */
  async scene(userId: number, scene: Scene) {
    return SceneTransformer.transform(scene, await this.signedMedia.forScenes(userId, [scene]))
  }

  /** A project as a video (the player, GET /api/videos/:id). */
  async video(user: User, id: number) {
    const project = await new OwnedProjects(user).findVideoOrFail(id)
    const [urls, captionFiles] = await Promise.all([
      this.signedMedia.forScenes(project.userId, project.scenes, project),
      new VideoCaptions(this.storage).stored(project),
    ])
    return VideoTransformer.transform({ ...cardOf(project), captionFiles }, urls)
  }

  /**
   * Where a video's render is, with the time left while it runs (the status
   * page, GET /api/video/status/:id).
   */
  async status(user: User, id: number) {
    const project = await new OwnedProjects(user).findWithScenesOrFail(id)
    const estimate = isGenerating(project.status)
      ? await new RenderEstimates().forRun(project)
      : null
    return VideoTransformer.transform(cardOf(project), new Map(), estimate).useVariant('forStatus')
  }

  /** One page of the user's videos, newest first, as signed cards. */
  async page(user: User, filters: VideoListFilters, position: VideoListPosition, perPage: number) {
    return this.#withCards(await new ListVideos(user).page(filters, position, perPage))
  }

  /** A page of My Videos with its tab counts. */
  async pageWithCounts(
    user: User,
    filters: VideoListFilters,
    position: VideoListPosition,
    perPage: number
  ) {
    return this.#withCards(await new ListVideos(user).pageWithCounts(filters, position, perPage))
  }

  /**
   * My Videos' list as the API pages it, `{ data, meta }`: the cards, the
   * cursors to the older and newer pages, and the tab counts.
   */
  async library(
    user: User,
    filters: VideoListFilters,
    position: VideoListPosition,
    perPage: number
  ) {
    const { counts, ...page } = await this.pageWithCounts(user, filters, position, perPage)
    return {
      data: page.videos,
      meta: { perPage, next: page.next, previous: page.previous, counts },
    }
  }

  /** The page with its rows replaced by their cards (a spread would type each as both). */
  async #withCards<Page extends { videos: VideoCard[] }>({ videos, ...page }: Page) {
    const urls = await this.signedMedia.forList(videos)
    return { ...page, videos: VideoTransformer.cards(videos, urls) }
  }
}
