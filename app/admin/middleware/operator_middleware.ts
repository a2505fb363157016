import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'

export const ACCESS_DENIED = "You don't have permission to access the admin dashboard."

/** The admin area is the operator's browser session only, never an API token (the operator's included). */
export const TOKENS_NOT_FOR_ADMIN =
  'The admin API needs a signed-in session; API tokens cannot reach it.'

/**
 * The operator's door, after `auth`: a request made with an API token, and
 * anyone but the operator, get 403, as JSON on /api
 * and as the Access Denied screen on pages.
 */
export default class OperatorMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (ctx.auth.authenticatedViaGuard === 'api') {
      return ctx.response.forbidden({ message: TOKENS_NOT_FOR_ADMIN })
    }
    if (await ctx.bouncer.allows('accessAdminArea')) {
      return next()
    }
    if (isApiRequest(ctx)) {
      return ctx.response.forbidden({ message: `Access Denied: ${ACCESS_DENIED}` })
    }
    const page = await ctx.inertia.render('admin/access_denied', {})
    return ctx.response.status(403).send(page)
  }
}
