import { useEffect, useRef, useState } from 'react'
import { Transmit } from '@adonisjs/transmit-client'
import { csrfHeaders } from '~/lib/api'

export type ProjectEvent = { status: string; progress: number; error: string | null }

let client: Transmit | null = null

function transmitClient() {
  client ??= new Transmit({
    baseUrl: window.location.origin,
    maxReconnectAttempts: 5,
    // The subscribe calls are session POSTs: they carry the CSRF token.
    beforeSubscribe: (request) => {
      for (const [name, value] of Object.entries(csrfHeaders())) request.headers.set(name, value)
    },
    beforeUnsubscribe: (request) => {
      for (const [name, value] of Object.entries(csrfHeaders())) request.headers.set(name, value)
    },
  })
  return client
}

/**
 * Live status of projects over server-sent events, one channel each.
 * Returns whether every subscription is up: pages poll while it is not, so
 * a lost connection only costs freshness.
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
    const subscriptions = key.split(',').map((id) => {
      const subscription = transmitClient().subscription(`projects/${id}`)
      const stop = subscription.onMessage<ProjectEvent>((event) =>
        handler.current(Number(id), event)
      )
      return { subscription, stop }
    })
    Promise.all(subscriptions.map(({ subscription }) => subscription.create()))
      .then(() => active && setLive(true))
      .catch(() => active && setLive(false))
    return () => {
      active = false
      setLive(false)
      for (const { subscription, stop } of subscriptions) {
        stop()
        void subscription.delete().catch(() => {})
      }
    }
  }, [key])

  return live
}
