import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import UserTransformer from '#auth/transformers/user_transformer'

/**
 * The signed-in user's profile. Identity comes from the session only; the
 * user-id / user-email headers and any email in a body are ignored (docs/decisions.md).
 */
export default class MeController {
  async show({ auth }: HttpContext) {
    return apiSerializer.serialize(UserTransformer.transform(auth.getUserOrFail()))
  }

  /**
   * POST /api/users: accounts are created at first sign-in, so this returns
   * the session's profile, whatever the body says.
   */
  async store({ auth }: HttpContext) {
    return apiSerializer.serialize(UserTransformer.transform(auth.getUserOrFail()))
  }

  async balance({ auth }: HttpContext) {
    return apiSerializer.serialize(
      UserTransformer.transform(auth.getUserOrFail()).useVariant('forBalance')
    )
  }
}
