import { apiSerializer } from '#core/http/api_serializer'
import { answered, defineTool, followableUrl, idParam, orNull, refused } from '#core/mcp/tool'
import { CancelVideo } from '#studio/actions/cancel_video'
import { EditVideoPost } from '#studio/actions/edit_video_post'
import { GENERATION_CANCELLED, NO_VIDEO_TO_POST, NOT_GENERATING } from '#studio/answers'
import { OwnedProjects } from '#studio/queries/owned_projects'
import { ProjectViews } from '#studio/services/project_views'
import { messageSchema, statusSchema, videoSchema } from '#studio/tools/output_schemas'
import { DEFAULT_PER_PAGE, videoListValidator } from '#studio/validators/video_list'
import { videoPostValidator } from '#studio/validators/video_post'
import type { VideoPost } from '#shared/video_post'

/** A post as a line an agent can read and quote. */
function postLine(post: VideoPost | null) {
  return post ? ` Post: "${post.title}" ${post.hashtags.join(' ')} (full text in post).` : ''
}

export default [
  defineTool({
    name: 'get_video_status',
    operation: 'studio.videos.status',
    title: 'Get a render’s status',
    description:
      'Where a project’s render is: status (draft, queued, processing, rendering, done or ' +
      'failed), progress in percent, the time left while it runs (estimate), the error of ' +
      'a failed render and hasVideo, whether its last finished video is there to download ' +
      '(it stays while a new render runs, and after one is cancelled or fails). Costs no ' +
      'credits. Next: get_video ' +
      'once it is done; while it renders, ask again later or call generate_video with wait: true.',
    params: idParam,
    outputSchema: statusSchema,
    async handle({ user, args, container }) {
      const views = await container.make(ProjectViews)
      const report = await apiSerializer.serialize(await views.status(user, args.id))
      const error = report.error ? `: ${report.error}` : ''
      const left = report.estimate ? ` About ${report.estimate.remainingSeconds} s left.` : ''
      const kept =
        report.hasVideo && report.status !== 'done'
          ? ' Its last finished video is still there (get_video).'
          : ''
      return answered(
        report,
        `Video ${args.id} is ${report.status} (${report.progress}%)${error}.${left}${kept}`
      )
    },
  }),

  defineTool({
    name: 'cancel_video',
    operation: 'studio.projects.cancel',
    title: 'Cancel a render',
    description:
      'Stops a render that is queued or running. The credits of the scenes not finished yet ' +
      'come back, and so do those of scenes whose clips were made before this render; the ' +
      'clips this render made are kept, paid for (the next generate_video charges that much ' +
      'less). The project is a draft again and keeps its last finished video. Next: change ' +
      'the storyboard, then generate_video.',
    params: idParam,
    outputSchema: messageSchema,
    async handle({ user, args, container }) {
      const project = await new OwnedProjects(user).findOrFail(args.id)
      const cancelVideo = await container.make(CancelVideo)
      if (!(await cancelVideo.handle(project))) {
        return refused(NOT_GENERATING.message)
      }
      return answered(
        { message: GENERATION_CANCELLED },
        `Cancelled: project ${project.id} is a draft again; unfinished scenes were refunded ` +
          'and its last finished video, if any, is kept.'
      )
    },
  }),

  defineTool({
    name: 'list_videos',
    operation: 'studio.videos.list',
    title: 'List your videos',
    description:
      'Your videos and drafts, newest first, a page at a time (perPage, default ' +
      `${DEFAULT_PER_PAGE}, at most 100): search (in the script), status (all, queued, ` +
      'processing, rendering, completed, failed), tab (completed or drafts). For the next ' +
      'page pass meta.next as after; meta.previous as before goes back. Costs no credits. Next: get_video ' +
      'or get_project with a video’s id.',
    input: videoListValidator,
    outputSchema: {
      type: 'object',
      properties: {
        data: { type: 'array', items: videoSchema },
        meta: {
          type: 'object',
          properties: {
            perPage: { type: 'integer' },
            next: orNull({ type: 'string' }),
            previous: orNull({ type: 'string' }),
          },
          required: ['perPage', 'next', 'previous'],
        },
      },
      required: ['data', 'meta'],
    },
    async handle({ user, args, container }) {
      const views = await container.make(ProjectViews)
      const filters = { search: args.search, status: args.status, tab: args.tab }
      const library = await views.library(user, filters, args, args.perPage ?? DEFAULT_PER_PAGE)
      const more = library.meta.next ? ` More: pass after "${library.meta.next}".` : ''
      return answered(library, `${library.data.length} videos on this page.${more}`)
    },
  }),

  defineTool({
    name: 'get_video',
    operation: 'studio.videos.show',
    title: 'Get a video and its download URL',
    description:
      'A video of yours by id: status, length, resolution, aspect ratio and, once a render ' +
      'is done, outputVideoUrl, a signed download URL of the MP4 that expires (call again for ' +
      'a fresh one). While a new render runs, or after it is cancelled or fails, ' +
      'outputVideoUrl is still the last finished video; captionsUrls has its SRT and WebVTT ' +
      'captions; post has the title, description and 3–8 hashtags to publish it with (null ' +
      'until it is finished; edit_video_post changes them). Costs no credits.',
    params: idParam,
    outputSchema: videoSchema,
    async handle({ user, args, container }) {
      const views = await container.make(ProjectViews)
      const video = await apiSerializer.serialize(await views.video(user, args.id))
      const file = video.outputVideoUrl && followableUrl(video.outputVideoUrl)
      const summary = !file
        ? `Video ${video.id} is ${video.status}: no file yet.`
        : video.status === 'done'
          ? `Video ${video.id}: ${video.duration} s at ${video.resolution}. Download (the link ` +
            `expires): ${file}` +
            (video.captionsUrls
              ? ` Captions: ${followableUrl(video.captionsUrls.srt)} (SRT), ` +
                `${followableUrl(video.captionsUrls.vtt)} (WebVTT).`
              : '')
          : `Video ${video.id} is ${video.status}; its last finished video (${video.resolution}) ` +
            `stays until a new one is done. Download (the link expires): ${file}`
      return answered(video, summary + postLine(video.post))
    },
  }),

  defineTool({
    name: 'edit_video_post',
    operation: 'studio.videos.update_post',
    title: 'Edit a video’s title, description and hashtags',
    description:
      'Changes the post a finished video is published with: its title (1–100 characters), ' +
      'description (up to 2,000) or hashtags (3–8, each # and letters, digits or underscores); ' +
      'what you leave out stays. Your words are kept when the project renders a newer video. ' +
      'Costs no credits. Next: get_video.',
    params: idParam,
    input: videoPostValidator,
    outputSchema: videoSchema,
    async handle({ user, args, container }) {
      const project = await new OwnedProjects(user).findVideoOrFail(args.id)
      const editVideoPost = await container.make(EditVideoPost)
      const result = await editVideoPost.handle(project, args)
      if (result.status === 'no_video') return refused(NO_VIDEO_TO_POST.message)
      const views = await container.make(ProjectViews)
      const video = await apiSerializer.serialize(await views.video(user, project.id))
      return answered(video, `Post of video ${video.id} saved.${postLine(video.post)}`)
    },
  }),
]
