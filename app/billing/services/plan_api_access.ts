import { ApiAccess } from '#auth/contracts/api_access'
import { PlanEffects } from '#billing/queries/plan_effects'

/** Auth's question "may this user use the API?", answered from the user's plan row. */
export class PlanApiAccess extends ApiAccess {
  allows(userId: number) {
    return new PlanEffects().apiAccess(userId)
  }
}
