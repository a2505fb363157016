import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { QueueService } from '#core/queue/queue_service'
import type Project from '#studio/models/project'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import RenderVideoJob from '#studio/jobs/render_video_job'
import { SweepRunFiles } from '#studio/actions/sweep_run_files'
import { composeJobId } from '#studio/render/run_ids'

/**
 * Cancel Processing: back to draft with the last finished video and the
 * clips this run made kept, the rest refunded, waiting jobs removed. Jobs
 * already running see the run is over at their next step and stop without
 * writing (the compose job drops a video it made meanwhile). What earlier
 * runs of the project left behind unowned is swept.
 */
@inject()
export class CancelVideo {
  constructor(
    private queues: QueueService,
    private lifecycle: VideoLifecycle,
    private sweep: SweepRunFiles
  ) {}

  async handle(project: Project) {
    const cancelled = await this.lifecycle.cancel(project)
    if (!cancelled) {
      return false
    }
    const parentId = composeJobId(project.id, project.renderRun)
    try {
      await this.queues.queue(RenderVideoJob.queueName).remove(parentId, { removeChildren: true })
    } catch (error) {
      logger.info({ err: error, parentId }, 'render jobs already running; they stop on their own')
    }
    await this.sweep
      .project(project.id)
      .catch((error: unknown) =>
        logger.warn({ err: error, projectId: project.id }, 'run files not swept')
      )
    return true
  }
}
