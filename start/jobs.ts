/*
|--------------------------------------------------------------------------
| Background jobs
|--------------------------------------------------------------------------
|
| Every job class the worker runs. Modules add theirs here.
|
*/
import type { JobClass } from '#core/queue/job'
import HealthPingJob from '#core/jobs/health_ping_job'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import PrepareSceneClipJob from '#studio/jobs/prepare_scene_clip_job'
import RenderVideoJob from '#studio/jobs/render_video_job'
import NarrateVideoJob from '#studio/jobs/narrate_video_job'

export const jobs: JobClass[] = [
  HealthPingJob,
  GenerateSceneStillJob,
  NarrateVideoJob,
  PrepareSceneClipJob,
  RenderVideoJob,
]
