import Tokens from 'csrf'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { RENEWED_AT_KEY, renewedWithinADay } from '#core/session/renewal'

const SAFE_METHODS = new Set(['GET', 'HEAD'])
const XSRF_COOKIE = 'XSRF-TOKEN'
/** Where shield keeps the session's CSRF secret. */
const CSRF_SECRET_KEY = 'csrf-secret'

const tokens = new Tokens()

/**
 * A read that changes nothing in the session re-issues neither the session
 * cookie nor the XSRF cookie (its token still checks out): responses stay
 * cacheable and the browser's cookie jar still. Runs after shield, before the
 * session commits; the session cookie goes out again once a day at most, to
 * keep its expiry sliding.
 */
export default class SteadyCookiesMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const result = await next()
    const { request, response, session } = ctx
    // A stream that already went out (the SSE channel) has no cookies left to keep.
    if (!session || response.response.headersSent) return result
    // A changed session is written and its cookie sent anyway: note when.
    if (session.hasBeenModified || !session.responseFlashMessages.isEmpty) {
      session.put(RENEWED_AT_KEY, Date.now())
      return result
    }
    const sameSession = request.cookie(session.config.cookieName) === session.sessionId
    if (!SAFE_METHODS.has(request.method()) || !sameSession) return result
    if (!renewedWithinADay(session)) {
      session.put(RENEWED_AT_KEY, Date.now())
      return result
    }

    const sessionCookie = session.config.cookieName
    const xsrf = request.encryptedCookie(XSRF_COOKIE)
    const secret = session.get(CSRF_SECRET_KEY)
    const xsrfStillValid =
      typeof xsrf === 'string' && typeof secret === 'string' && tokens.verify(secret, xsrf)
    const kept = ([] as string[])
      .concat((response.getHeader('set-cookie') as string[] | string | undefined) ?? [])
      .filter((cookie) => !(xsrfStillValid && cookie.startsWith(`${XSRF_COOKIE}=`)))
    if (kept.length > 0) response.header('set-cookie', kept)
    else response.removeHeader('set-cookie')
    // The commit after this re-sends the session cookie through response.cookie: not this time.
    const cookie = response.cookie.bind(response)
    response.cookie = (key, value, options) =>
      key === sessionCookie ? response : cookie(key, value, options)
    return result
  }
}
