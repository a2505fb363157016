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
 * Live status of a project over server-sent events. Returns whether the
 * subscription is up; pages keep polling (slower) either way, so a lost
 * connection only costs freshness.
 */
export function useProjectEvents(projectId: number, onEvent: (event: ProjectEvent) => void) {
  const [live, setLive] = useState(false)
  const handler = useRef(onEvent)

  useEffect(() => {
    handler.current = onEvent
  }, [onEvent])

  useEffect(() => {
    if (typeof window === 'undefined' || typeof EventSource === 'undefined') return
    const subscription = transmitClient().subscription(`projects/${projectId}`)
    const stop = subscription.onMessage<ProjectEvent>((event) => handler.current(event))
    let active = true
    subscription
      .create()
      .then(() => active && setLive(true))
      .catch(() => active && setLive(false))
    return () => {
      active = false
      stop()
      setLive(false)
      void subscription.delete().catch(() => {})
    }
  }, [projectId])

  return live
}
