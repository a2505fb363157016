import type { QueueEvents } from 'bullmq'
import transmit from '@adonisjs/transmit/services/main'
import type { Logger } from '@adonisjs/core/logger'
import type { QueueService } from '#core/queue/queue_service'
import Project from '#studio/models/project'

export type ProjectEvent = { projectId: number }

export const projectChannel = (projectId: number) => `projects/${projectId}`

/**
 * Called by render jobs after each change they make to a project: the
 * progress event is what the relay listens for.
 */
export async function announceProjectChange(
  job: { updateProgress(data: object): Promise<void> },
  projectId: number
) {
  await job.updateProgress({ projectId, at: Date.now() }).catch(() => {})
}

/**
 * Turns the render pipeline's BullMQ progress events into a server-sent
 * event on the project's channel, carrying its current status. Every web
 * process runs one, so each relays to its own clients, on either backend.
 */
export class ProgressRelay {
  #listeners: QueueEvents[] = []

  constructor(
    private queues: QueueService,
    private logger: Logger
  ) {}

  async start(queueNames: string[]) {
    for (const name of queueNames) {
      const events = this.queues.createQueueEvents(name)
      events.on('progress', ({ data }) => {
        const projectId = (data as Partial<ProjectEvent> | undefined)?.projectId
        if (typeof projectId === 'number') {
          this.#relay(projectId).catch((error) =>
            this.logger.warn({ err: error, projectId }, 'progress relay failed')
          )
        }
      })
      this.#listeners.push(events)
    }
    await Promise.all(this.#listeners.map((events) => events.waitUntilReady()))
  }

  async stop() {
    await Promise.all(this.#listeners.map((events) => events.close()))
    this.#listeners = []
  }

  async #relay(projectId: number) {
    const project = await Project.find(projectId)
    if (!project) return
    transmit.broadcast(projectChannel(projectId), {
      status: project.status,
      progress: project.progressPercent,
      error: project.error,
    })
  }
}
