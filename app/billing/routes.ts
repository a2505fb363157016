/*
|--------------------------------------------------------------------------
| billing routes
|--------------------------------------------------------------------------
|
| Plans, credit packs, payments, checkout and Stripe webhooks; the
| onboarding plan choice and the offline test checkout. Each route is
| named billing.<resource>.<action>.
|
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { STRIPE_WEBHOOK_PATH } from '#billing/services/stripe_webhooks'
import { apiOperations } from '#core/openapi/api_operations'

const OnboardingPlanController = () => import('#billing/controllers/onboarding_plan_controller')
const BillingPagesController = () => import('#billing/controllers/billing_pages_controller')
const CatalogueController = () => import('#billing/controllers/catalogue_controller')
const CheckoutController = () => import('#billing/controllers/checkout_controller')
const TestCheckoutController = () => import('#billing/controllers/test_checkout_controller')
const TestBillingPortalController = () =>
  import('#billing/controllers/test_billing_portal_controller')
const StripeWebhooksController = () => import('#billing/controllers/stripe_webhooks_controller')

router
  .group(() => {
    router
      .get('/onboarding/plan', [OnboardingPlanController, 'show'])
      .as('billing.onboarding_plan.show')
    router.get('/billing', [BillingPagesController, 'billing']).as('billing.billing.show')
    router.get('/plans', [BillingPagesController, 'plans']).as('billing.plans.show')

    router
      .group(() => {
        router
          .get('/test-checkout/:sessionId', [TestCheckoutController, 'show'])
          .as('billing.test_checkout.show')
        router
          .post('/test-checkout/:sessionId/pay', [TestCheckoutController, 'pay'])
          .as('billing.test_checkout.pay')
        router
          .post('/test-checkout/:sessionId/cancel', [TestCheckoutController, 'cancel'])
          .as('billing.test_checkout.cancel')
      })
      .prefix('/billing')
      .where('sessionId', /^cs_local_[a-f0-9]{24}$/)
    router
      .get('/billing/test-portal', [TestBillingPortalController, 'show'])
      .as('billing.test_portal.show')
    router
      .post('/billing/test-portal', [TestBillingPortalController, 'update'])
      .as('billing.test_portal.update')

    router
      .group(() => {
        router.get('/plans', [CatalogueController, 'plans']).as('billing.plans.index')
        router
          .get('/credit-packs', [CatalogueController, 'creditPacks'])
          .as('billing.credit_packs.index')
        router.get('/payments', [CatalogueController, 'payments']).as('billing.payments.index')
        router
          .post('/checkout/session', [CheckoutController, 'store'])
          .as('billing.checkout_sessions.store')
        router
          .post('/billing/portal', [CheckoutController, 'portal'])
          .as('billing.portal_sessions.store')
      })
      .prefix('/api')
  })
  .use(middleware.auth())

// What each /api route above does, for the OpenAPI document.
apiOperations.register(() => import('#billing/api_operations'))

// Signed by Stripe instead of a session: no auth, and exempt from CSRF (config/shield.ts).
// Every signed event gets a deliberate answer, one with a NUL in it too (docs/billing.md).
router
  .post(STRIPE_WEBHOOK_PATH, [StripeWebhooksController, 'store'])
  .use(middleware.signedPayload())
  .as('billing.stripe_webhooks.store')
