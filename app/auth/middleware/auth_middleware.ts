import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'

/**
 * Signed-out visits to pages go to /auth (no error toast: signing in is the
 * expected next step); /api answers 401 JSON.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (isApiRequest(ctx)) {
      await ctx.auth.authenticateUsing(['web'])
    } else if (!(await ctx.auth.use('web').check())) {
      return ctx.response.redirect('/auth')
    }
    return next()
  }
}
