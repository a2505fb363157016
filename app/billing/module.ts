import { defineModule } from '#core/app_module'
import { STRIPE_WEBHOOK_PATH } from '#billing/services/stripe_webhooks'

export default defineModule({
  name: 'billing',
  routes: () => import('#billing/routes'),
  commands: [
    () => import('#billing/commands/plans_seed'),
    () => import('#billing/commands/credits_grant'),
    () => import('#billing/commands/billing_renew'),
    () => import('#billing/commands/billing_refund'),
  ],
  // Stripe signs its webhook's body.
  csrfExempt: (ctx) => ctx.route?.pattern === STRIPE_WEBHOOK_PATH,
})
