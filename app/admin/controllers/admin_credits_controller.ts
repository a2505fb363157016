import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { GrantUnlimitedCredits } from '#billing/actions/grant_unlimited_credits'

/** POST /api/admin/unlimited-credits: the operator's own balance, set to 999,999. */
export default class AdminCreditsController {
  @inject()
  async store({ auth }: HttpContext, grant: GrantUnlimitedCredits) {
    const { balance } = await grant.handle(auth.getUserOrFail().id)
    return { credits: balance, message: 'Unlimited credits granted' }
  }
}
