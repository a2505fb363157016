import type { HttpContext } from '@adonisjs/core/http'
import { ListPlans } from '#billing/queries/list_plans'
import { BillingAccounts } from '#billing/services/billing_accounts'
import PlanTransformer from '#billing/transformers/plan_transformer'

export default class OnboardingPlanController {
  /** The monthly plans, and the one the user is on: a subscriber switches, never buys twice. */
  async show({ auth, inertia }: HttpContext) {
    const [plans, account] = await Promise.all([
      new ListPlans().monthly(),
      new BillingAccounts().of(auth.getUserOrFail().id),
    ])
    return inertia.render('auth/onboarding_plan', {
      plans: PlanTransformer.transform(plans).useVariant('forOnboarding'),
      currentPlan: account.plan,
      subscribed: account.stripeSubscriptionId !== null,
    })
  }
}
