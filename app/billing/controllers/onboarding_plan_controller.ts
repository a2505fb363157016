import type { HttpContext } from '@adonisjs/core/http'
import { ListPlans } from '#billing/queries/list_plans'
import PlanTransformer from '#billing/transformers/plan_transformer'

export default class OnboardingPlanController {
  /** The monthly plans, and the one the user is on: a subscriber switches, never buys twice. */
  async show({ auth, inertia }: HttpContext) {
    const user = auth.getUserOrFail()
    const plans = await new ListPlans().monthly()
    return inertia.render('auth/onboarding_plan', {
      plans: PlanTransformer.transform(plans).useVariant('forOnboarding'),
      currentPlan: user.plan,
      subscribed: user.stripeSubscriptionId !== null,
    })
  }
}
