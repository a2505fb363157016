import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { ListPayments } from '#billing/queries/list_payments'
import { ListPlans } from '#billing/queries/list_plans'
import { LocalBillingPortal, type PortalChange } from '#billing/services/local_billing_portal'
import PaymentTransformer from '#billing/transformers/payment_transformer'
import PlanSwitchTransformer from '#billing/transformers/plan_switch_transformer'
import PlanTransformer from '#billing/transformers/plan_transformer'
import { testPortalChangeValidator } from '#billing/validators/test_portal'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'

/**
 * The test billing portal (no STRIPE_SECRET_KEY): what Stripe's Billing
 * Portal does for our plans, on our own page, plainly labelled as a test.
 */
@inject()
export default class TestBillingPortalController {
  constructor(
    private portal: LocalBillingPortal,
    private gateway: PaymentGateway
  ) {}

  async show({ auth, inertia }: HttpContext) {
    this.#testModeOnly()
    const user = auth.getUserOrFail()
    const [current, plans, payments] = await Promise.all([
      this.portal.current(user.id),
      new ListPlans().monthly(),
      new ListPayments().forUser(user.id),
    ])
    const paid = plans.filter((plan) => !plan.isFree)
    return inertia.render('billing/test_portal', {
      subscription: current && {
        planId: current.plan.id,
        planName: current.plan.name,
        status: current.subscription.status,
        currentPeriodEnd: current.subscription.current_period_end.toISOString(),
        cancelAtPeriodEnd: current.subscription.cancel_at_period_end,
      },
      plans: PlanTransformer.transform(paid),
      switches: PlanSwitchTransformer.transform(
        current ? paid.map((next) => ({ current: current.plan, next })) : []
      ),
      invoices: PaymentTransformer.transform(
        payments.filter((payment) => payment.kind === 'subscription')
      ),
    })
  }

  async update({ auth, request, response, session }: HttpContext) {
    this.#testModeOnly()
    const input = await request.validateUsing(testPortalChangeValidator)
    const change: PortalChange =
      input.change === 'switch_plan'
        ? { change: 'switch_plan', planId: input.planId! }
        : { change: input.change }
    const result = await this.portal.change(auth.getUserOrFail().id, change)
    switch (result.status) {
      case 'changed':
        session.flash('success', result.message)
        break
      case 'no_subscription':
        session.flash('error', 'You have no subscription to change: choose a plan on /billing.')
        break
      case 'unknown_plan':
        session.flash('error', 'This plan is not available.')
        break
      case 'same_plan':
        session.flash('error', 'You are already on this plan.')
        break
      case 'nothing_to_change':
        session.flash('error', 'Nothing to change: it is already so.')
        break
    }
    // Back where the change was asked for: the portal, or /billing's Resume.
    return response.redirect().back()
  }

  /** With Stripe keys, Manage Billing opens Stripe's portal: this page does not exist. */
  #testModeOnly() {
    if (this.gateway.name === 'stripe') throw new MissingResourceException('page')
  }
}
