import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { RENEWED_AT_KEY } from '#core/session/renewal'

/** Written into every fresh session by the framework, not by anything the visitor did. */
const INCIDENTAL_KEYS = new Set(['csrf-secret', RENEWED_AT_KEY])
const XSRF_COOKIE = 'XSRF-TOKEN'

/**
 * A request that came without a stored session keeps the one it was given
 * only when it needs it: it rendered a page (whose forms send the CSRF token
 * back) or it put something of its own in the session (a sign-in, a flash
 * message). Health checks, unknown paths, refusals, API-token calls, /mcp,
 * webhooks and media fetches otherwise each stored a 30-day session row
 * (README, No cookie churn). Goes right after the session middleware, whose
 * commit then finds the session empty and writes nothing.
 */
export default class SessionWhenNeededMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const startedEmpty = ctx.session.isEmpty
    const output = await next()
    const { session, response } = ctx
    if (!startedEmpty || answersAPage(ctx)) return output
    const onlyIncidental = Object.keys(session.all()).every((key) => INCIDENTAL_KEYS.has(key))
    if (!onlyIncidental || !session.responseFlashMessages.isEmpty) return output

    session.clear()
    // A stream that already went out (/mcp, SSE) took no cookie with it.
    if (response.response.headersSent) return output
    const sessionCookie = session.config.cookieName
    const kept = ([] as string[])
      .concat((response.getHeader('set-cookie') as string[] | string | undefined) ?? [])
      .filter((cookie) => !cookie.startsWith(`${XSRF_COOKIE}=`))
    if (kept.length > 0) response.header('set-cookie', kept)
    else response.removeHeader('set-cookie')
    // The session's commit sends its cookie through response.cookie: not for a session never kept.
    const cookie = response.cookie.bind(response)
    response.cookie = (key, value, options) =>
      key === sessionCookie ? response : cookie(key, value, options)
    return output
  }
}

/** A page a browser shows (HTML, or Inertia's page JSON), not an error. */
function answersAPage({ response }: HttpContext) {
  if (response.response.headersSent || response.getStatus() >= 400) return false
  if (response.getHeader('x-inertia') === 'true') return true
  const type = response.getHeader('content-type')
  if (type !== undefined) return /^text\/html\b/i.test(String(type))
  // Without a type of its own, a string body that starts with a tag goes out as text/html.
  const body = response.hasContent ? response.content![0] : undefined
  return typeof body === 'string' && /^\s*</.test(body)
}
