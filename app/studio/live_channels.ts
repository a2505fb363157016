import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type User from '#auth/models/user'
import { isDatabaseId } from '#core/database_id'
import { OwnedProjects } from '#studio/queries/owned_projects'
import {
  channelSubscriptionValidator,
  eventStreamValidator,
} from '#studio/validators/project_events'

/**
 * Who may listen to what on the live-progress SSE (docs/product.md, the
 * route table's Transmit row). A channel is one of the rules below, written canonically
 * (`projects/12`, never `projects/012`, `projects/12/` or
 * `projects/1/../12`); anything else names no channel and is refused,
 * where Transmit on its own lets anyone subscribe to a channel it has no
 * rule for. A stream (the `uid` a browser tab opens `/__transmit/events`
 * with) belongs to the user who opened it: only they subscribe it to a
 * channel or take it off one.
 */

type ChannelRule = {
  /** Segments; `:name` stands for one segment its matcher accepts. */
  pattern: string
  params: Record<string, (value: string) => boolean>
  mayListen: (user: User, params: Record<string, string>) => Promise<boolean>
}

export const CHANNEL_RULES: ChannelRule[] = [
  {
    pattern: 'projects/:id',
    params: { id: isDatabaseId },
    mayListen: (user, { id }) => new OwnedProjects(user).owns(Number(id)),
  },
]

/** The rule a channel name falls under, with its params; null when it names no channel. */
export function channelRuleOf(channel: string) {
  const segments = channel.split('/')
  for (const rule of CHANNEL_RULES) {
    const expected = rule.pattern.split('/')
    if (expected.length !== segments.length) continue
    const params: Record<string, string> = {}
    const fits = expected.every((part, index) => {
      if (!part.startsWith(':')) return part === segments[index]
      params[part.slice(1)] = segments[index]
      return rule.params[part.slice(1)](segments[index])
    })
    if (fits) return { rule, params }
  }
  return null
}

/** Whether `user` may listen to `channel`: it names a channel, and that channel is theirs. */
export async function mayListen(user: User, channel: string) {
  const found = channelRuleOf(channel)
  return found !== null && (await found.rule.mayListen(user, found.params))
}

/** The open streams of this web process, each with the user who opened it. */
const streams = new Map<string, { userId: number; open: number }>()

/**
 * Claims a stream id for `userId` while its connection lasts: false when
 * another user's stream holds it (their subscriptions would be theirs to
 * receive). One user may reconnect under the same id.
 */
export function claimStream(uid: string, userId: number, response: HttpContext['response']) {
  const held = streams.get(uid)
  if (held && held.userId !== userId) return false
  streams.set(uid, { userId, open: (held?.open ?? 0) + 1 })
  response.response.once('close', () => {
    const current = streams.get(uid)
    if (!current) return
    if (current.open <= 1) streams.delete(uid)
    else current.open--
  })
  return true
}

/** Whether the stream `uid` is open in this process, opened by `userId`. */
export function isStreamOf(uid: string, userId: number) {
  return streams.get(uid)?.userId === userId
}

/**
 * The guard of Transmit's three routes, after `auth`: their input checked
 * before Transmit sees it (a missing or odd stream id or channel is a 422;
 * Transmit itself throws a 500 on a stream without `uid`), a stream id held
 * by another user refused (409), and a subscription only for the stream's
 * own user to a channel that is theirs (404 otherwise, as for any row of
 * someone else's). Unsubscribing needs the stream, not the channel's owner:
 * a project deleted since still lets its tab unsubscribe.
 */
export function guardLiveRoute(pattern: string) {
  return async (ctx: HttpContext, next: NextFn) => {
    const user = ctx.auth.getUserOrFail()
    if (pattern === '__transmit/events') {
      const { uid } = await ctx.request.validateUsing(eventStreamValidator)
      if (!claimStream(uid, user.id, ctx.response)) {
        return ctx.response.conflict({
          message: 'This stream id is in use by another session: open the stream with a new one.',
        })
      }
      return next()
    }
    const { uid, channel } = await ctx.request.validateUsing(channelSubscriptionValidator)
    const subscribing = pattern === '__transmit/subscribe'
    if (subscribing ? !(await mayListen(user, channel)) : !channelRuleOf(channel)) {
      return ctx.response.notFound({ message: 'Channel not found' })
    }
    if (!isStreamOf(uid, user.id)) {
      return ctx.response.notFound({
        message: 'Stream not found: open /__transmit/events with this uid first.',
      })
    }
    return next()
  }
}

/** Transmit's own check, the same rules: a second lock behind the routes' guard. */
export function authorizeChannels() {
  for (const rule of CHANNEL_RULES) {
    transmit.authorize<Record<string, string>>(rule.pattern, async (ctx: HttpContext, params) => {
      const user = ctx.auth.user
      return !!user && (await mayListen(user, channelOf(rule.pattern, params)))
    })
  }
}

function channelOf(pattern: string, params: Record<string, string>) {
  return pattern.replace(/:([^/]+)/g, (_, name: string) => params[name] ?? '')
}
