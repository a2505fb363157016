import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { StartCheckout, type CouponRefusal } from '#billing/actions/start_checkout'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { BillingAccounts } from '#billing/services/billing_accounts'
import { checkoutValidator } from '#billing/validators/checkout'
import { appUrl } from '#config/app'

/** Where Stripe sends the browser back: our own address, never the request's Host header. */
const backTo = (path: string) => new URL(path, appUrl).toString()

const COUPON_REFUSALS: Record<CouponRefusal, string> = {
  unknown: 'This coupon code is not valid.',
  disabled: 'This coupon is no longer active.',
  expired: 'This coupon has expired.',
  used_up: 'This coupon has reached its usage limit.',
}

export default class CheckoutController {
  /**
   * POST /api/checkout/session: `{ url }` to send the browser to (Stripe
   * Checkout, or the offline test checkout).
   */
  @inject()
  async store({ auth, request, response }: HttpContext, startCheckout: StartCheckout) {
    const input = await request.validateUsing(checkoutValidator)
    const result = await startCheckout.handle(auth.getUserOrFail(), input, {
      success: backTo('/billing?checkout=success'),
      cancel: backTo('/billing?checkout=cancelled'),
    })
    switch (result.status) {
      case 'created':
        return response.ok({ url: result.url })
      case 'unknown_plan':
        return response.unprocessableEntity({ message: 'This plan is not available.' })
      case 'unknown_pack':
        return response.unprocessableEntity({ message: 'This credit pack is not available.' })
      case 'already_subscribed':
        return response.conflict({
          message: 'You already have a subscription: change it with Manage Billing.',
        })
      case 'coupon_refused':
        return response.unprocessableEntity({ message: COUPON_REFUSALS[result.reason] })
      case 'gateway_failed':
        return response.badGateway({
          message: 'The payment session could not be created. Please try again.',
        })
    }
  }

  /** POST /api/billing/portal: Stripe's Billing Portal for the user's customer, or the test portal. */
  @inject()
  async portal({ auth, response }: HttpContext, gateway: PaymentGateway) {
    const { stripeCustomerId } = await new BillingAccounts().of(auth.getUserOrFail().id)
    if (!stripeCustomerId) {
      return response.conflict({ message: 'Nothing to manage yet: buy a plan or a pack first.' })
    }
    const url = await gateway.createPortalSession(stripeCustomerId, backTo('/billing'))
    return response.ok({ url })
  }
}
