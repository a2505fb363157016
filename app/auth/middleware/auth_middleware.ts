import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'
import { tooManyRequests } from '#core/http/too_many_requests'
import { ApiTokenGate } from '#auth/services/api_token_gate'
import { bearsApiToken } from '#auth/services/api_token_requests'

/**
 * Signed-out visits to pages go to /auth (no error toast: signing in is the
 * expected next step); /api answers 401 JSON. An /api request that carries
 * `Authorization: Bearer …` is the agency API: the token alone decides who
 * calls (a session cookie beside it is ignored), while its owner's plan
 * includes API access, within the per-token limit.
 */
@inject()
export default class AuthMiddleware {
  constructor(private tokens: ApiTokenGate) {}

  async handle(ctx: HttpContext, next: NextFn) {
    if (!isApiRequest(ctx)) {
      if (!(await ctx.auth.use('web').check())) {
        return ctx.response.redirect('/auth')
      }
      return next()
    }
    if (!bearsApiToken(ctx)) {
      await ctx.auth.authenticateUsing(['web'])
      return next()
    }

    const admission = await this.tokens.admit(ctx)
    switch (admission.status) {
      case 'admitted':
        return next()
      case 'refused':
        return ctx.response.status(admission.httpStatus).json({ message: admission.message })
      case 'limited':
        return tooManyRequests(ctx.response, admission.retryAfter)
    }
  }
}
