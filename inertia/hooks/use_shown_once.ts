import { useState } from 'react'

/**
 * A secret the server answers with once (a new API token, an endpoint's
 * signing secret): it stays on screen through the page's later writes,
 * whose answers no longer carry it, until the creator hides it or leaves
 * the page. Only a newer secret takes its place.
 */
export function useShownOnce<Secret extends object>(answered: Secret | null) {
  const [kept, setKept] = useState(answered)
  const [last, setLast] = useState(answered)
  if (answered !== last) {
    setLast(answered)
    if (answered !== null) setKept(answered)
  }
  return { kept, hide: () => setKept(null) }
}
