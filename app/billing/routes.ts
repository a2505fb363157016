/*
|--------------------------------------------------------------------------
| billing routes
|--------------------------------------------------------------------------
|
| Plans, credit packs, checkout and Stripe webhooks; the onboarding plan
| choice. Each route is named billing.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const OnboardingPlanController = () => import('#billing/controllers/onboarding_plan_controller')

router
  .get('/onboarding/plan', [OnboardingPlanController, 'show'])
  .as('billing.onboarding_plan.show')
  .use(middleware.auth())
