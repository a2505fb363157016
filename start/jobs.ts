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
import RenderSceneJob from '#studio/jobs/render_scene_job'
import ComposeVideoJob from '#studio/jobs/compose_video_job'
import NarrateVideoJob from '#studio/jobs/narrate_video_job'

export const jobs: JobClass[] = [
  HealthPingJob,
  GenerateSceneStillJob,
  NarrateVideoJob,
  RenderSceneJob,
  ComposeVideoJob,
]
