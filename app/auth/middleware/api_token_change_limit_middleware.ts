import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { apiTokenChangeLimit } from '#config/limiter'
import {
  retryAfterSeconds,
  tooManyRequests,
  TOO_MANY_REQUESTS_MESSAGE,
} from '#core/http/too_many_requests'

/**
 * Counts a user's token creations (or revocations) on /profile against
 * `apiTokenChangeLimit`. Past it, the /profile form gets the message as a
 * toast on the page it was sent from; any other client 429 + Retry-After.
 * Goes after the auth middleware.
 */
export default class ApiTokenChangeLimitMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { change: 'create' | 'revoke' }) {
    const user = ctx.auth.getUserOrFail()
    try {
      await limiter
        .use({ ...apiTokenChangeLimit })
        .consume(`api-token-${options.change}:${user.id}`)
    } catch (error) {
      if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
      const retryAfter = error.response.availableIn
      if (ctx.request.header('x-inertia')) {
        ctx.session.flash('error', TOO_MANY_REQUESTS_MESSAGE)
        return ctx.response.header('Retry-After', retryAfterSeconds(retryAfter)).redirect().back()
      }
      return tooManyRequests(ctx.response, retryAfter)
    }
    return next()
  }
}
