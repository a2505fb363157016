import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { GrantUnlimitedCredits } from '#billing/actions/grant_unlimited_credits'
import { WriteAnswer } from '#core/http/write_answer'

/** The 'Admin Credits' card and POST /api/admin/unlimited-credits: the operator's own balance, set to 999,999. */
export default class AdminCreditsController {
  @inject()
  async store(ctx: HttpContext, grant: GrantUnlimitedCredits) {
    const { balance } = await grant.handle(ctx.auth.getUserOrFail().id)
    return new WriteAnswer(ctx).done(
      200,
      {
        credits: balance,
        message: 'Unlimited credits granted',
      },
      'Unlimited credits granted'
    )
  }
}
