import { Transmit } from '@adonisjs/transmit-client'
import { csrfHeaders } from '~/lib/api'
import type { ProjectEvent } from '~/hooks/use_project_events'

/*
|--------------------------------------------------------------------------
| Project channels over server-sent events
|--------------------------------------------------------------------------
|
| The SSE client and the channels it follows, shared by every page that
| follows a project. useProjectEvents loads this file after the page has
| painted from its props: live updates are an enhancement over data the
| page already has (and over the polling that stands in while they are down).
|
*/

let client: Transmit | null = null

function transmitClient() {
  client ??= new Transmit({
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
    const subscription = Promise.resolve().then(() => transmitClient().subscription(name))
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
 * Follows the projects' channels: `onEvent` for each message, `onReady` once
 * with whether every subscription is up. Returns what stops following them.
 */
export function follow(
  projectIds: number[],
  onEvent: (projectId: number, event: ProjectEvent) => void,
  onReady: (live: boolean) => void
) {
  let active = true
  const followed = projectIds.map((id) => {
    const name = `projects/${id}`
    const channel = acquire(name)
    let unsubscribe: (() => void) | undefined
    channel.subscription.then(
      (subscription) => {
        if (!active) return
        unsubscribe = subscription.onMessage<ProjectEvent>((event) => onEvent(id, event))
      },
      () => {}
    )
    return { name, channel, stop: () => unsubscribe?.() }
  })
  Promise.all(followed.map(({ channel }) => channel.ready)).then((ready) => {
    if (active) onReady(ready.every(Boolean))
  })
  return () => {
    active = false
    for (const { name, channel, stop } of followed) {
      stop()
      release(name, channel)
    }
  }
}
