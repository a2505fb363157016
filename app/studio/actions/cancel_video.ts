import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { QueueService } from '#core/queue/queue_service'
import type Project from '#studio/models/project'
import { VideoLifecycle } from '#studio/render/video_lifecycle'
import ComposeVideoJob from '#studio/jobs/compose_video_job'
import { composeJobId } from '#studio/render/run_ids'

/**
 * Cancel Processing: back to draft with finished scenes kept, unfinished
 * work refunded, waiting jobs removed. Jobs already running see the run is
 * over at their next step and stop without writing.
 */
@inject()
export class CancelVideo {
  constructor(
    private queues: QueueService,
    private lifecycle: VideoLifecycle
  ) {}

  async handle(project: Project) {
    const cancelled = await this.lifecycle.cancel(project)
    if (!cancelled) {
      return false
    }
    const parentId = composeJobId(project.id, project.renderRun)
    try {
      await this.queues.queue(ComposeVideoJob.queueName).remove(parentId, { removeChildren: true })
    } catch (error) {
      logger.info({ err: error, parentId }, 'render jobs already running; they stop on their own')
    }
    return true
  }
}
