import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { apiTokenLimit } from '#config/limiter'
import { TOO_MANY_REQUESTS_MESSAGE } from '#core/http/too_many_requests'
import { ApiAccess, API_ACCESS_REQUIRED } from '#auth/contracts/api_access'
import { bearsApiToken } from '#auth/services/api_token_requests'
import type User from '#auth/models/user'

/** Said to a request whose bearer token is unknown, revoked or malformed. */
export const API_TOKEN_REFUSED = 'This API token is not valid: it may have been revoked.'

/** Said to a request that presents no token where only a token will do. */
export const API_TOKEN_REQUIRED =
  'This endpoint takes an API token: send Authorization: Bearer rf_… (create one on /profile).'

export type TokenAdmission =
  | { status: 'admitted'; user: User }
  | { status: 'refused'; httpStatus: 401 | 403; message: string }
  | { status: 'limited'; retryAfter: number; message: string }

/**
 * Whether a request's API token lets it in: a live token (revocation counts
 * at once: the token is looked up on every request), an owner whose plan
 * includes API access, and the token's per-request limit. The agency API
 * and the MCP endpoint ask it alike and only word the answer their way.
 */
@inject()
export class ApiTokenGate {
  constructor(private apiAccess: ApiAccess) {}

  async admit(ctx: HttpContext): Promise<TokenAdmission> {
    if (!bearsApiToken(ctx)) {
      return { status: 'refused', httpStatus: 401, message: API_TOKEN_REQUIRED }
    }
    if (!(await ctx.auth.checkUsing(['api']))) {
      return { status: 'refused', httpStatus: 401, message: API_TOKEN_REFUSED }
    }
    const user = ctx.auth.use('api').getUserOrFail()
    if (!(await this.apiAccess.allows(user.id))) {
      return { status: 'refused', httpStatus: 403, message: API_ACCESS_REQUIRED }
    }
    try {
      await limiter.use(apiTokenLimit).consume(`api-token:${user.currentAccessToken.identifier}`)
    } catch (error) {
      if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
        const retryAfter = error.response.availableIn
        return { status: 'limited', retryAfter, message: TOO_MANY_REQUESTS_MESSAGE }
      }
      throw error
    }
    return { status: 'admitted', user }
  }
}
