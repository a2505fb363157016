import { useEffect, useRef, useState } from 'react'
import type { ProjectStatus } from '@studio/statuses'

/**
 * What the server relays on a project's channel (ProgressRelay); after a
 * scene's still is drawn or failed, with how far the stills are.
 */
export type ProjectEvent = {
  status: ProjectStatus
  progress: number
  error: string | null
  stills?: { projectId: number; ready: number; total: number; settled: boolean }
}

/**
 * Live status of projects over server-sent events, one channel each.
 * Returns whether every subscription is up; pages poll faster while it is
 * not, so a lost connection only costs freshness.
 */
export function useProjectEvents(
  projectIds: number[],
  onEvent: (projectId: number, event: ProjectEvent) => void
) {
  const [live, setLive] = useState(false)
  const handler = useRef(onEvent)
  // Resubscribe only when the set of ids changes, not on every render's new array.
  const key = [...new Set(projectIds)].sort((a, b) => a - b).join(',')

  useEffect(() => {
    handler.current = onEvent
  }, [onEvent])

  useEffect(() => {
    if (typeof window === 'undefined' || typeof EventSource === 'undefined' || key === '') return
    let active = true
    let stop: (() => void) | undefined
    import('~/lib/project_channels').then(
      ({ follow }) => {
        if (!active) return
        stop = follow(
          key.split(',').map(Number),
          (id, event) => handler.current(id, event),
          (ready) => active && setLive(ready)
        )
      },
      // Not loaded (offline): the page keeps polling.
      () => {}
    )
    return () => {
      active = false
      setLive(false)
      stop?.()
    }
  }, [key])

  return live
}
