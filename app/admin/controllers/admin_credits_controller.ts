import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { GrantUnlimitedCredits } from '#billing/actions/grant_unlimited_credits'
import { AdminAnswer } from '#admin/controllers/responses'

/** The 'Admin Credits' card and POST /api/admin/unlimited-credits: the operator's own balance, set to 999,999. */
export default class AdminCreditsController {
  @inject()
  async store(ctx: HttpContext, grant: GrantUnlimitedCredits) {
    const { balance } = await grant.handle(ctx.auth.getUserOrFail().id)
    return new AdminAnswer(ctx).done(200, 'Unlimited credits granted', () => ({
      credits: balance,
      message: 'Unlimited credits granted',
    }))
  }
}
