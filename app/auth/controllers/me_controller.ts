import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { AccountStanding } from '#auth/contracts/account_standing'
import UserTransformer from '#auth/transformers/user_transformer'

/**
 * The signed-in user's profile. Identity comes from the session only; the
 * user-id / user-email headers and any email in a body are ignored (docs/decisions.md).
 */
export default class MeController {
  @inject()
  async show({ auth }: HttpContext, standing: AccountStanding) {
    return apiSerializer.serialize(
      UserTransformer.transform(await standing.account(auth.getUserOrFail()))
    )
  }

  /**
   * POST /api/users: accounts are created at first sign-in, so this returns
   * the session's profile, whatever the body says.
   */
  @inject()
  async store({ auth }: HttpContext, standing: AccountStanding) {
    return apiSerializer.serialize(
      UserTransformer.transform(await standing.account(auth.getUserOrFail()))
    )
  }

  @inject()
  async balance({ auth }: HttpContext, standing: AccountStanding) {
    return apiSerializer.serialize(
      UserTransformer.transform(await standing.account(auth.getUserOrFail())).useVariant(
        'forBalance'
      )
    )
  }
}
