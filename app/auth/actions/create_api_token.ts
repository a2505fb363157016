import { inject } from '@adonisjs/core'
import type { AccessToken } from '@adonisjs/auth/access_tokens'
import User from '#auth/models/user'
import { ApiAccess } from '#auth/contracts/api_access'

/** How many live tokens one account may hold. */
export const MAX_API_TOKENS = 20

export type CreateApiTokenResult =
  | { status: 'created'; token: AccessToken; secret: string }
  | { status: 'plan_required' }
  | { status: 'too_many' }

/**
 * A new personal access token for the agency API, for users whose plan
 * includes it. The secret exists in clear only in this result: the table
 * keeps its hash.
 */
@inject()
export class CreateApiToken {
  constructor(private apiAccess: ApiAccess) {}

  async handle(user: User, name: string): Promise<CreateApiTokenResult> {
    if (!(await this.apiAccess.allows(user.id))) {
      return { status: 'plan_required' }
    }
    const token = await User.accessTokens.createCapped(user, MAX_API_TOKENS, { name })
    if (!token) {
      return { status: 'too_many' }
    }
    return { status: 'created', token, secret: token.value!.release() }
  }
}
