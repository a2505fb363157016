import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { QueueService } from '#core/queue/queue_service'
import { QueueWorker } from '#core/queue/queue_worker'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import MakeSeriesSlotJob from '#studio/jobs/make_series_slot_job'
import NarrateVideoJob from '#studio/jobs/narrate_video_job'
import PrepareSceneClipJob from '#studio/jobs/prepare_scene_clip_job'
import RenderVideoJob from '#studio/jobs/render_video_job'

/**
 * The series and render pipelines, in this process, on empty queues; a
 * second worker beside the first keeps them (`keepQueues`).
 */
export async function startSeriesWorker(
  cleanup: (fn: () => Promise<void> | void) => void,
  { keepQueues = false } = {}
) {
  const queues = await app.container.make(QueueService)
  for (const name of keepQueues ? [] : ['series', 'media', 'render']) {
    await queues.queue(name).obliterate({ force: true })
  }
  const worker = new QueueWorker(queues, app.container.createResolver(), logger, [
    MakeSeriesSlotJob,
    GenerateSceneStillJob,
    NarrateVideoJob,
    PrepareSceneClipJob,
    RenderVideoJob,
  ])
  await worker.start()
  cleanup(() => worker.stop())
}
