import type { HttpContext } from '@adonisjs/core/http'
import { ListPlans } from '#billing/queries/list_plans'
import PlanTransformer from '#billing/transformers/plan_transformer'

export default class OnboardingPlanController {
  async show({ inertia }: HttpContext) {
    const plans = await new ListPlans().monthly()
    return inertia.render('auth/onboarding_plan', {
      plans: PlanTransformer.transform(plans).useVariant('forOnboarding'),
    })
  }
}
