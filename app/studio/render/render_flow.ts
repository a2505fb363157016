import type { FlowJob } from 'bullmq'
import type { RenderEffects } from '#billing/queries/plan_effects'
import PrepareSceneClipJob from '#studio/jobs/prepare_scene_clip_job'
import RenderVideoJob from '#studio/jobs/render_video_job'
import NarrateVideoJob from '#studio/jobs/narrate_video_job'
import { composeJobId, narrateJobId, renderSceneJobId } from '#studio/render/run_ids'

/**
 * A child's attempts: a provider's passing fault (a timeout, a 503) usually
 * clears within seconds, so three tries with a growing pause (2 s, 4 s).
 */
const CHILD_ATTEMPTS = { attempts: 3, backoff: { type: 'exponential', delay: 2000 } } as const

/**
 * The video's render is tried twice: its own faults (a disk, a lost
 * connection) pass, and each try re-encodes every frame.
 */
const RENDER_ATTEMPTS = 2

/**
 * The BullMQ flow of run `run` of a project, the only place it is built:
 * the voice-over and a clip job per scene as children, the render of the
 * video as their parent, which runs once they are all done. Every job
 * carries the run's quality and watermark (`effects`) as the plan gave them
 * when it started, and a job id named for the run, by which it is found
 * again to cancel or to check. A child that fails for good fails the run.
 */
export function renderFlow(
  projectId: number,
  run: number,
  sceneIds: number[],
  effects: RenderEffects
): FlowJob {
  const child = { ...CHILD_ATTEMPTS, failParentOnFailure: true } as const
  return {
    name: RenderVideoJob.jobName,
    queueName: RenderVideoJob.queueName,
    data: { projectId, run, effects },
    opts: { jobId: composeJobId(projectId, run), attempts: RENDER_ATTEMPTS },
    children: [
      // First in the queue: the voice-over is spoken while the scenes are made.
      {
        name: NarrateVideoJob.jobName,
        queueName: NarrateVideoJob.queueName,
        data: { projectId, run },
        opts: { jobId: narrateJobId(projectId, run), ...child },
      },
      ...sceneIds.map((sceneId) => ({
        name: PrepareSceneClipJob.jobName,
        queueName: PrepareSceneClipJob.queueName,
        data: { projectId, sceneId, run, effects },
        opts: { jobId: renderSceneJobId(sceneId, run), ...child },
      })),
    ],
  }
}
