import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { AccountStanding } from '#auth/contracts/account_standing'
import UserTransformer from '#auth/transformers/user_transformer'
import { WriteAnswer } from '#core/http/write_answer'
import { updateTimeZoneValidator } from '#auth/validators/profile'

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

  /**
   * The account's time zone (docs/series.md, Time zones), from /profile and
   * PATCH /api/me: new series run their schedules in it.
   */
  @inject()
  async update(ctx: HttpContext, standing: AccountStanding) {
    const user = ctx.auth.getUserOrFail()
    const input = await ctx.request.validateUsing(updateTimeZoneValidator)
    await user.merge({ timeZone: input.time_zone }).save()
    const body = await apiSerializer.serialize(
      UserTransformer.transform(await standing.account(user))
    )
    return new WriteAnswer(ctx).done(200, body, 'Time zone saved.')
  }
}
