import { useEffect, useState } from 'react'
import { toast } from '~/lib/toast'
import { useLivePage } from '~/hooks/use_live_page'

export type Stills = { projectId: number; ready: number; total: number; settled: boolean }

/** While the channel is down; the stills of an AI-images project take a while. */
const POLL_MS = 5000
/** Past this the storyboard opens anyway, its missing stills still on their way. */
const GIVE_UP_MS = 5 * 60_000

/**
 * An AI-images project's stills as /setup waits for them: the `stills` prop,
 * and the count each drawn or failed still announces on the project's
 * channel, so the wait ends with the last still, not a reload later. Once
 * each is drawn or failed, or the wait runs out, `onSettled` opens the
 * storyboard. Returns the stills as last heard, for the progress card.
 */
export function useStillsProgress(stills: Stills | null, onSettled: (projectId: number) => void) {
  const [heard, setHeard] = useState<Stills | null>(null)
  useLivePage({
    only: ['stills'],
    projectIds: stills ? [stills.projectId] : [],
    active: stills !== null && !stills.settled,
    pollMs: POLL_MS,
    onEvent: (projectId, { stills: now }) => {
      if (now?.projectId !== projectId) return
      // Relayed events may cross on the way: the furthest count stands.
      setHeard((before) =>
        before?.projectId === projectId &&
        before.ready + Number(before.settled) > now.ready + Number(now.settled)
          ? before
          : now
      )
    },
  })

  const shown =
    stills && heard?.projectId === stills.projectId && heard.ready >= stills.ready
      ? { ...heard, settled: heard.settled || stills.settled }
      : stills
  const projectId = shown?.projectId ?? null
  const settled = shown?.settled ?? false

  useEffect(() => {
    if (projectId === null) return
    if (settled) {
      onSettled(projectId)
      return
    }
    const timer = setTimeout(() => {
      toast.error('Thumbnail generation timed out. Please try again.')
      onSettled(projectId)
    }, GIVE_UP_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onSettled is a new function each render for the same visit
  }, [projectId, settled])

  return shown
}
