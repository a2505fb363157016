import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { PaidCall } from '#config/limiter'
import {
  TOO_MANY_REQUESTS_MESSAGE,
  retryAfterSeconds,
  tooManyRequests,
} from '#core/http/too_many_requests'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'
import { consumePaidCall } from '#core/services/paid_calls'

/**
 * Counts a signed-in user's request against the limit of the paid call it
 * makes (config/limiter.ts), and answers 429 once the limit is reached: a
 * page's Inertia visit is sent back with the message as a toast.
 * Goes after the auth middleware.
 */
export default class PaidCallLimitMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { call: PaidCall }) {
    const retryAfter = await consumePaidCall(options.call, ctx.auth.getUserOrFail().id)
    if (retryAfter === null) {
      return next()
    }
    if (!isApiRequest(ctx) && ctx.request.header('x-inertia')) {
      ctx.session.flash('error', TOO_MANY_REQUESTS_MESSAGE)
      return ctx.response.header('Retry-After', retryAfterSeconds(retryAfter)).redirect().back()
    }
    return tooManyRequests(ctx.response, retryAfter)
  }
}
