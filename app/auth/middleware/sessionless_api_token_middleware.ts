import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isMcpRequest } from '#core/mcp/endpoint'
import { isCookielessApiTokenRequest } from '#auth/services/api_token_requests'

/**
 * A program calling the API with a token and no cookie has no session to
 * keep, nor has anyone calling /mcp without a cookie: what the request put
 * in its fresh session (Shield's CSRF secret) is dropped, so the store does
 * not gain a row per call. Goes right after the session middleware, whose
 * commit then finds the session empty.
 */
export default class SessionlessApiTokenMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const cookieless = !ctx.request.header('cookie')
    if (!isCookielessApiTokenRequest(ctx) && !(cookieless && isMcpRequest(ctx))) {
      return next()
    }
    const output = await next()
    ctx.session.clear()
    return output
  }
}
