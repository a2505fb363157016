import type { ApplicationService } from '@adonisjs/core/types'
import { SignupCredits } from '#auth/contracts/signup_credits'

export default class BillingProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.bind(SignupCredits, async (resolver) => {
      const { FreePlanSignupCredits } = await import('#billing/services/free_plan_signup_credits')
      return resolver.make(FreePlanSignupCredits)
    })
  }
}
