import { useEffect, useRef, useState } from 'react'
import type { Transmit } from '@adonisjs/transmit-client'
import { csrfHeaders } from '~/lib/api'

export type ProjectEvent = { status: string; progress: number; error: string | null }

let client: Promise<Transmit> | null = null

/**
 * The SSE client, loaded after the page has painted from its props: live
 * updates are an enhancement over data the page already has (and over the
 * polling that stands in while they are down).
 */
function transmitClient() {
  client ??= import('@adonisjs/transmit-client').then(
    ({ Transmit: Client }) =>
      new Client({
        baseUrl: window.location.origin,
        maxReconnectAttempts: 5,
        // The subscribe calls are session POSTs: they carry the CSRF token.
        beforeSubscribe: (request) => {
          for (const [name, value] of Object.entries(csrfHeaders())) {
            request.headers.set(name, value)
          }
        },
        beforeUnsubscribe: (request) => {
          for (const [name, value] of Object.entries(csrfHeaders())) {
            request.headers.set(name, value)
          }
        },
      })
  )
  return client
}

/** How long an unused channel stays subscribed: the next page often wants the same one. */
const RELEASE_DELAY_MS = 5000

type Subscription = ReturnType<Transmit['subscription']>

type Channel = {
  subscription: Promise<Subscription>
  users: number
  ready: Promise<boolean>
  release?: ReturnType<typeof setTimeout>
}

const channels = new Map<string, Channel>()

/**
 * One subscription per channel, shared by every hook that follows it. The
 * client hands out one Subscription object per channel, so a page leaving
 * must not delete it under the page arriving (status → player, storyboard →
 * status): the last user's release is deferred and cancelled by a new user.
 */
function acquire(name: string) {
  let channel = channels.get(name)
  if (!channel) {
    const subscription = transmitClient().then((transmit) => transmit.subscription(name))
    channel = {
      subscription,
      users: 0,
      ready: subscription.then(
        (created) =>
          created.create().then(
            () => created.isCreated,
            () => false
          ),
        () => false
      ),
    }
    channels.set(name, channel)
  }
  clearTimeout(channel.release)
  channel.users++
  return channel
}

function release(name: string, channel: Channel) {
  channel.users--
  if (channel.users > 0) return
  channel.release = setTimeout(() => {
    if (channels.get(name) !== channel || channel.users > 0) return
    channels.delete(name)
    void channel.subscription.then((subscription) => subscription.delete()).catch(() => {})
  }, RELEASE_DELAY_MS)
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
    const followed = key.split(',').map((id) => {
      const name = `projects/${id}`
      const channel = acquire(name)
      let unsubscribe: (() => void) | undefined
      channel.subscription.then(
        (subscription) => {
          if (!active) return
          unsubscribe = subscription.onMessage<ProjectEvent>((event) =>
            handler.current(Number(id), event)
          )
        },
        () => {}
      )
      return { name, channel, stop: () => unsubscribe?.() }
    })
    Promise.all(followed.map(({ channel }) => channel.ready)).then((ready) => {
      if (active) setLive(ready.every(Boolean))
    })
    return () => {
      active = false
      setLive(false)
      for (const { name, channel, stop } of followed) {
        stop()
        release(name, channel)
      }
    }
  }, [key])

  return live
}
