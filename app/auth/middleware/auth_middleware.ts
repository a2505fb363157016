import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { apiTokenLimit } from '#config/limiter'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'
import { tooManyRequests } from '#core/http/too_many_requests'
import { ApiAccess, API_ACCESS_REQUIRED } from '#auth/contracts/api_access'
import { bearsApiToken } from '#auth/services/api_token_requests'

const API_TOKEN_REFUSED = 'This API token is not valid: it may have been revoked.'

/**
 * Signed-out visits to pages go to /auth (no error toast: signing in is the
 * expected next step); /api answers 401 JSON. An /api request that carries
 * `Authorization: Bearer …` is the agency API: the token alone decides who
 * calls (a session cookie beside it is ignored), while its owner's plan
 * includes API access, within the per-token limit.
 */
@inject()
export default class AuthMiddleware {
  constructor(private apiAccess: ApiAccess) {}

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

    if (!(await ctx.auth.checkUsing(['api']))) {
      return ctx.response.unauthorized({ message: API_TOKEN_REFUSED })
    }
    const user = ctx.auth.use('api').getUserOrFail()
    if (!(await this.apiAccess.allows(user.id))) {
      return ctx.response.forbidden({ message: API_ACCESS_REQUIRED })
    }
    try {
      await limiter.use(apiTokenLimit).consume(`api-token:${user.currentAccessToken.identifier}`)
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
        return tooManyRequests(ctx.response, error.response.availableIn)
      }
      throw error
    }
    return next()
  }
}
