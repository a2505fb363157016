import type { ApplicationService } from '@adonisjs/core/types'
import { SignupCredits } from '#auth/contracts/signup_credits'
import { ApiAccess } from '#auth/contracts/api_access'
import { AccountStanding } from '#auth/contracts/account_standing'
import { PaymentGateway } from '#billing/gateway/payment_gateway'

export default class BillingProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.bind(SignupCredits, async (resolver) => {
      const { FreePlanSignupCredits } = await import('#billing/services/free_plan_signup_credits')
      return resolver.make(FreePlanSignupCredits)
    })

    this.app.container.bind(ApiAccess, async () => {
      const { PlanApiAccess } = await import('#billing/services/plan_api_access')
      return new PlanApiAccess()
    })

    this.app.container.bind(AccountStanding, async () => {
      const { BillingAccountStanding } = await import('#billing/services/billing_account_standing')
      return new BillingAccountStanding()
    })

    // Stripe when keyed, else the local checkout simulator (config/stripe.ts).
    this.app.container.singleton(PaymentGateway, async () => {
      const config = this.app.config.get<typeof import('#config/stripe').default>('stripe')
      if (config.secretKey) {
        const { StripeGateway } = await import('#billing/gateway/stripe_gateway')
        return new StripeGateway(config.secretKey, config.webhookSecret, config.apiBase)
      }
      const { LocalGateway } = await import('#billing/gateway/local_gateway')
      return new LocalGateway(config.webhookSecret)
    })
  }
}
