import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { paidCallLimits, type PaidCall } from '#config/limiter'
import { tooManyRequests } from '#core/http/too_many_requests'

/**
 * Counts a signed-in user's request against the limit of the paid call it
 * makes (config/limiter.ts), and answers 429 once the limit is reached.
 * Goes after the auth middleware.
 */
export default class PaidCallLimitMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { call: PaidCall }) {
    const user = ctx.auth.getUserOrFail()
    try {
      await limiter
        .use({ ...paidCallLimits[options.call] })
        .consume(`paid:${options.call}:${user.id}`)
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
        return tooManyRequests(ctx.response, error.response.availableIn)
      }
      throw error
    }
    return next()
  }
}
