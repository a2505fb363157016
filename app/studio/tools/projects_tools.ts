import vine from '@vinejs/vine'
import { apiSerializer } from '#core/http/api_serializer'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'
import {
  type ToolCall,
  type ToolUser,
  answered,
  defineTool,
  followableUrl,
  idParam,
  refused,
} from '#core/mcp/tool'
import { appUrl } from '#config/app'
import { paidCallLimits } from '#config/limiter'
import { described } from '#core/openapi/described'
import { CreateProject } from '#studio/actions/create_project'
import { GenerateVideo, type GenerateVideoResult } from '#studio/actions/generate_video'
import {
  GENERATION_ALREADY_STARTED,
  GENERATION_STARTED,
  createProjectRefusal,
  generateVideoRefusal,
} from '#studio/answers'
import { OwnedProjects } from '#studio/queries/owned_projects'
import type { ProjectAnnouncement } from '#studio/render/progress_relay'
import { watchRender } from '#studio/render/render_watch'
import { ProjectViews } from '#studio/services/project_views'
import { projectSchema, videoSchema } from '#studio/tools/output_schemas'
import { createProjectValidator } from '#studio/validators/project'

/** How long generate_video waits for a render before it answers "still rendering" (docs/product.md, Agents (MCP)). */
const WAIT_LIMIT_MS = 15 * 60_000

type Container = ToolCall<unknown>['container']

async function projectOf(container: Container, user: ToolUser, id: number) {
  const views = await container.make(ProjectViews)
  return apiSerializer.serialize(await views.project(user, id))
}

function projectSummary(project: Awaited<ReturnType<typeof projectOf>>) {
  return (
    `Project ${project.id} is ${project.status}: ${project.scenes.length} scenes, ` +
    `${project.duration} s of video. Rendering it costs ${project.creditsNeeded} credits.`
  )
}

/** The 402 of generate-all, with what the agent needs to act on it. */
function shortOfCredits(result: Extract<GenerateVideoResult, { status: 'insufficient_credits' }>) {
  return (
    `${generateVideoRefusal(result).message}: this video costs ${result.needed} credits and ` +
    `the balance is ${result.balance}. Buy credits at ${appUrl}/billing (or a plan at ` +
    `${appUrl}/plans), or shorten the storyboard with delete_scene, then call generate_video again.`
  )
}

function progressLine({ status, progress }: ProjectAnnouncement) {
  return status === 'queued' ? 'queued' : `${status} (${progress}%)`
}

/** generate_video with `wait`: the run's announcements as progress, then the video or why not. */
async function awaitVideo(call: ToolCall<{ id: number }>, message: string) {
  const { args, container, progress, signal, user } = call
  const end = await watchRender(args.id, {
    signal,
    timeoutMs: WAIT_LIMIT_MS,
    onAnnouncement: (announcement) => {
      void progress(announcement.progress, progressLine(announcement))
    },
  })
  if (end.outcome === 'gone') throw new MissingResourceException('video')
  if (end.outcome !== 'ended') {
    const status = end.last?.status ?? 'queued'
    const waited = end.outcome === 'timed_out' ? ` after ${WAIT_LIMIT_MS / 60_000} minutes` : ''
    return answered(
      { message, status, projectId: args.id },
      `Still ${status}${waited}. Call generate_video again with wait: true to keep waiting ` +
        '(it charges nothing while the video renders), or get_video_status.'
    )
  }
  const { status, error } = end.last
  if (status === 'failed') {
    const reason = error && /[.!?]$/.test(error) ? error : `${error ?? 'no reason given'}.`
    return refused(
      `The render failed: ${reason} The credits it cost were refunded. Change the scene it ` +
        `names (edit_scene) and call generate_video again.`
    )
  }
  if (status !== 'done') {
    return refused(
      'The render was cancelled (cancel_video): the project is a draft again, with its last ' +
        'finished video, if any, unchanged.'
    )
  }
  const views = await container.make(ProjectViews)
  const video = await apiSerializer.serialize(await views.video(user, args.id))
  return answered(
    { message: 'Video ready', status, projectId: args.id, video },
    `Video ${args.id} is ready: ${video.duration} s at ${video.resolution}. Download it (the ` +
      `link expires; get_video signs a new one): ${followableUrl(video.outputVideoUrl!)}`
  )
}

export default [
  defineTool({
    name: 'create_project',
    operation: 'studio.projects.store',
    title: 'Create a video project',
    description:
      'Creates a draft video from a script: the script is cut into 5-second scenes (the ' +
      'storyboard, about 12 words a scene). Costs no credits. Needs: script (up to 10,000 ' +
      'characters; no script yet? call write_script first), style (an id from list_styles), ' +
      'voice ({ id, provider } from list_voices), aspect_ratio ("9:16", "1:1" or "16:9") and ' +
      'generation_mode ("text-to-video"; "ai-images-to-video" draws every scene\'s still first; ' +
      '"image-to-video" makes a scene of each uploaded picture in picture_ids, the script ' +
      'shared across them); optionally music ({ id } from list_music), target_seconds and ' +
      "captions ({ style, ... } from list_caption_styles; left out, the creator's last choice). " +
      'Answers the ' +
      'project with its scenes and creditsNeeded, what generate_video will charge. Next: ' +
      'get_project, edit_scene / add_scene / delete_scene to adjust, then generate_video. ' +
      `Limited to ${paidCallLimits.project.requests} a minute.`,
    input: createProjectValidator,
    outputSchema: projectSchema,
    async handle({ user, args, container }) {
      const createProject = await container.make(CreateProject)
      const result = await createProject.handle(user, args)
      if (result.status !== 'created') return refused(createProjectRefusal(result).message)
      const project = await projectOf(container, user, result.project.id)
      return answered(
        project,
        `Created. ${projectSummary(project)} Call generate_video with id ${project.id} once the ` +
          `storyboard is right.`
      )
    },
  }),

  defineTool({
    name: 'get_project',
    operation: 'studio.projects.show',
    title: 'Get a project and its storyboard',
    description:
      'A project of yours by id: its script, style, status, its scenes in order (each with its ' +
      'id, prompt and status) and creditsNeeded, what generate_video will charge. Costs no credits. Next: ' +
      'edit_scene, add_scene or delete_scene to change the storyboard, generate_video to render.',
    params: idParam,
    outputSchema: projectSchema,
    async handle({ user, args, container }) {
      const project = await projectOf(container, user, args.id)
      return answered(project, projectSummary(project))
    },
  }),

  defineTool({
    name: 'generate_video',
    operation: 'studio.projects.generate_all',
    title: 'Render the final video',
    description:
      'Renders a project into the final MP4 (voice-over, music, captions). Charges 1 credit ' +
      'per second of video, 5 a scene (creditsNeeded in get_project), once: calling it again ' +
      'while the video renders charges nothing. Refused without enough credits, saying how ' +
      'many are missing. Without wait it answers at once; poll get_video_status with the ' +
      'project id. With wait: true it answers when the video is done (send a progress token ' +
      'to get progress notifications: queued, processing, rendering with its percent), with ' +
      'the video and its download URL. Next: get_video.',
    params: idParam,
    options: vine.create({
      wait: described(
        vine.boolean({ strict: true }).optional(),
        'true: answer when the video is done (up to 15 minutes), with its download URL; ' +
          'false or left out: answer as soon as the render is queued.'
      ),
    }),
    outputSchema: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        status: { type: 'string' },
        projectId: { type: 'integer' },
        video: videoSchema,
      },
      required: ['message', 'status', 'projectId'],
    },
    async handle(call) {
      const { user, args, container } = call
      const project = await new OwnedProjects(user).findOrFail(args.id)
      const generateVideo = await container.make(GenerateVideo)
      const result = await generateVideo.handle(project.id, user.id)
      switch (result.status) {
        case 'no_scenes':
          return refused(generateVideoRefusal(result).message)
        case 'insufficient_credits':
          return refused(shortOfCredits(result))
        case 'started':
        case 'already_running': {
          const message =
            result.status === 'started' ? GENERATION_STARTED : GENERATION_ALREADY_STARTED
          if (args.wait) return awaitVideo(call, message)
          const status = result.status === 'started' ? 'queued' : result.project.status
          return answered(
            { message, status, projectId: project.id },
            `${message}. Poll get_video_status with id ${project.id}, or call generate_video ` +
              'again with wait: true to be told when it is done (it charges nothing while the ' +
              'video renders).'
          )
        }
      }
    },
  }),
]
