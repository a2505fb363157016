import { BaseTransformer } from '@adonisjs/core/transformers'
import type Plan from '#billing/models/plan'
import { toDollars } from '#billing/money'
import { switchChargeCents } from '#billing/services/local_billing_portal'

type PlanSwitch = { current: Plan; next: Plan }

export default class PlanSwitchTransformer extends BaseTransformer<PlanSwitch> {
  /**
   * What the test portal's "Switch to …" confirmation states before anything
   * is charged: the sum billed now, the credits it brings, and the monthly
   * price before and after (docs/billing.md, "Test mode").
   */
  toObject() {
    const { current, next } = this.resource
    const chargedNow = switchChargeCents(current, next)
    return {
      planId: next.id,
      chargedNow: toDollars(chargedNow),
      creditsNow: chargedNow > 0 ? next.credits : 0,
      monthlyBefore: toDollars(current.priceCents),
      monthlyAfter: toDollars(next.priceCents),
    }
  }
}
