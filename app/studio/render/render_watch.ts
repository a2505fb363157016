import { isGenerating } from '#studio/public/statuses'
import Project from '#studio/models/project'
import {
  type ProjectAnnouncement,
  announcementOf,
  onProjectAnnouncement,
} from '#studio/render/progress_relay'

/**
 * How often a watch reads the project itself, in case an announcement was
 * lost on the way (they only cost freshness: pages poll as often).
 */
export const RECHECK_MS = 30_000

export type WatchEnd =
  /** The run ended: done, failed, or cancelled back to draft. */
  | { outcome: 'ended'; last: ProjectAnnouncement }
  /** The project was deleted meanwhile. */
  | { outcome: 'gone' }
  /** Still rendering when the watch gave up, or the watcher went away. */
  | { outcome: 'timed_out' | 'aborted'; last: ProjectAnnouncement | null }

type WatchOptions = {
  onAnnouncement: (announcement: ProjectAnnouncement) => void
  signal: AbortSignal
  timeoutMs: number
  recheckMs?: number
}

/**
 * Follows a project's render until it ends, through the announcements its
 * SSE channel carries in this process (ProgressRelay), each handed to
 * `onAnnouncement`. The row is read once at the start (a run may have moved
 * or ended before the watch began) and then every `recheckMs`; between
 * reads nothing holds a database connection.
 */
export function watchRender(projectId: number, options: WatchOptions): Promise<WatchEnd> {
  const { onAnnouncement, signal, timeoutMs, recheckMs = RECHECK_MS } = options
  return new Promise((resolve) => {
    let last: ProjectAnnouncement | null = null
    let settled = false
    const finish = (end: WatchEnd) => {
      if (settled) return
      settled = true
      stopListening()
      clearInterval(recheck)
      clearTimeout(deadline)
      signal.removeEventListener('abort', abort)
      resolve(end)
    }
    const seen = (announcement: ProjectAnnouncement) => {
      if (settled) return
      last = announcement
      onAnnouncement(announcement)
      if (!isGenerating(announcement.status)) finish({ outcome: 'ended', last: announcement })
    }
    const read = async () => {
      const project = await Project.find(projectId)
      if (project) seen(announcementOf(project))
      else finish({ outcome: 'gone' })
    }
    const reread = () => {
      read().catch(() => {
        // A failed read is retried at the next recheck; announcements still arrive.
      })
    }
    const abort = () => finish({ outcome: 'aborted', last })

    const stopListening = onProjectAnnouncement(projectId, seen)
    const recheck = setInterval(reread, recheckMs)
    const deadline = setTimeout(() => finish({ outcome: 'timed_out', last }), timeoutMs)
    signal.addEventListener('abort', abort, { once: true })
    if (signal.aborted) abort()
    else reread()
  })
}
