import transmit from '@adonisjs/transmit/services/main'
import type { Logger } from '@adonisjs/core/logger'
import type { QueueEvents, QueueEventsListener } from 'bullmq'
import type { QueueService } from '#core/queue/queue_service'
import queueService from '#core/services/queue'
import type { ProjectStatus } from '#studio/public/statuses'
import Project from '#studio/models/project'
import { type StillsProgress, stillsProgress } from '#studio/queries/stills_progress'

/** The event stream project changes travel on, from any process to every web process. */
const PROJECT_EVENTS = 'studio-project-events'
const PROJECT_CHANGED = 'project-changed'

type ProjectChanged = { projectId?: string | number; stills?: string | number }
type ProjectEventsListener = QueueEventsListener & {
  'project-changed': (event: ProjectChanged) => void
}

export const projectChannel = (projectId: number) => `projects/${projectId}`

/**
 * What a project's channel says about it: where its video is, and after a
 * scene's still is drawn or failed, how far the stills are (what /setup's
 * wait shows, docs/product.md, Setup).
 */
export type ProjectAnnouncement = {
  status: ProjectStatus
  progress: number
  error: string | null
  stills?: StillsProgress
}

export function announcementOf(project: Project): ProjectAnnouncement {
  return { status: project.status, progress: project.progressPercent, error: project.error }
}

/**
 * Hands `listener` every announcement this process relays on a project's
 * channel, what its SSE clients receive, until the returned function is
 * called.
 */
export function onProjectAnnouncement(
  projectId: number,
  listener: (announcement: ProjectAnnouncement) => void
) {
  const channel = projectChannel(projectId)
  return transmit.on('broadcast', (event) => {
    if (event.channel === channel) listener(event.payload as ProjectAnnouncement)
  })
}

/**
 * Tells every web process that a project (its status, progress or scenes)
 * changed. Called by the render state machine after each transition and by
 * the scene jobs; a lost announcement only costs freshness (pages poll).
 */
export class ProjectEvents {
  constructor(
    private queues?: QueueService,
    private logger?: Logger
  ) {}

  /** With `stills`, a scene's still was drawn or failed: the relay adds how far the stills are. */
  async announce(projectId: number, { stills = false }: { stills?: boolean } = {}) {
    try {
      await (this.queues ?? queueService).publishEvent(PROJECT_EVENTS, {
        eventName: PROJECT_CHANGED,
        projectId,
        ...(stills && { stills: 1 }),
      })
    } catch (error) {
      this.logger?.warn({ err: error, projectId }, 'project change not announced')
    }
  }
}

/**
 * Turns project-changed events into a server-sent event on the project's
 * channel, carrying its current status. Every web process runs one, so each
 * relays to its own clients, on either queue backend.
 */
export class ProgressRelay {
  #events?: QueueEvents

  constructor(
    private queues: QueueService,
    private logger: Logger
  ) {}

  async start() {
    const events = this.queues.createQueueEvents(PROJECT_EVENTS)
    events.on<ProjectEventsListener>(PROJECT_CHANGED, (event: ProjectChanged) => {
      const projectId = Number(event.projectId)
      if (Number.isInteger(projectId)) {
        this.#relay(projectId, event.stills !== undefined).catch((error) =>
          this.logger.warn({ err: error, projectId }, 'progress relay failed')
        )
      }
    })
    this.#events = events
    await events.waitUntilReady()
  }

  async stop() {
    await this.#events?.close()
    this.#events = undefined
  }

  async #relay(projectId: number, stills: boolean) {
    const project = await Project.find(projectId)
    if (!project) return
    const announcement: ProjectAnnouncement = announcementOf(project)
    if (stills) announcement.stills = await stillsProgress(projectId)
    transmit.broadcast(projectChannel(projectId), announcement)
  }
}
