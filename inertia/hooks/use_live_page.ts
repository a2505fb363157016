import { useCallback, useEffect, useRef } from 'react'
import { router } from '@inertiajs/react'
import { useProjectEvents, type ProjectEvent } from '~/hooks/use_project_events'

type ReloadOptions = NonNullable<Parameters<typeof router.reload>[0]>

/** While the live channel is up, a slow reload still catches an event that got lost. */
const LIVE_POLL_MS = 30_000

type LivePageOptions = {
  /** The props that change as the projects do: each reload asks for these alone. */
  only: string[]
  /** The projects whose channels announce those changes. */
  projectIds: number[]
  /** Whether anything is still changing: the poll runs only then, events are always heard. */
  active: boolean
  /** How often to reload while the channel is down. */
  pollMs: number
  /** Replaces the poll's interval while set: the back-off after a failed reload. */
  retryMs?: number | null
  /** Called with each event, before the reload it triggers. */
  onEvent?: (projectId: number, event: ProjectEvent) => void
  /** Callbacks every reload carries (the poll's, an event's and `reload()`'s). */
  reloadOptions?: ReloadOptions
}

/**
 * A page whose props follow its projects: a partial reload of `only` when a
 * project's channel announces something, and once when the channel comes
 * up (what changed between the page's render and its subscription was
 * announced to no one); Inertia's poll while the channel is down (every
 * 30 s besides, for an event that got lost). The poll runs on
 * `router.poll`, the poller `usePoll` wraps, since its interval changes with
 * the channel (`usePoll` fixes it at mount); it waits for each reload to
 * finish before the next and slows down in a hidden tab.
 */
export function useLivePage({
  only,
  projectIds,
  active,
  pollMs,
  retryMs = null,
  onEvent,
  reloadOptions,
}: LivePageOptions) {
  const latest = useRef({ only, reloadOptions, active })
  useEffect(() => {
    latest.current = { only, reloadOptions, active }
  })

  const options = useCallback(
    (): ReloadOptions => ({ only: latest.current.only, ...latest.current.reloadOptions }),
    []
  )

  /** One partial reload now; resolves once it has landed or failed. */
  const reload = useCallback(
    (extra: ReloadOptions = {}) =>
      new Promise<void>((resolve) => {
        const base = options()
        router.reload({
          ...base,
          ...extra,
          onStart: (visit) => {
            base.onStart?.(visit)
            extra.onStart?.(visit)
          },
          onFinish: (visit) => {
            base.onFinish?.(visit)
            extra.onFinish?.(visit)
            resolve()
          },
        })
      }),
    [options]
  )

  const live = useProjectEvents(projectIds, (projectId, event) => {
    onEvent?.(projectId, event)
    void reload()
  })

  useEffect(() => {
    if (live && latest.current.active) void reload()
  }, [live, reload])

  const interval = active ? (retryMs ?? (live ? LIVE_POLL_MS : pollMs)) : null
  useEffect(() => {
    if (interval === null) return
    const poll = router.poll(interval, options, { mode: 'rest' })
    return () => poll.destroy()
  }, [interval, options])

  return { live, reload }
}
