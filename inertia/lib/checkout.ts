import { errorMessage } from '~/lib/api'
import { routeRequest, type RouteBody } from '~/lib/api'
import { toast } from '~/lib/toast'

type CheckoutRequest = RouteBody<'billing.checkout_sessions.store'>

/**
 * Asks the server for a checkout session and sends the browser there
 * (Stripe Checkout, or the offline test checkout): a URL outside the app, so
 * the answer is JSON. A refusal shows the server's message under 'Payment
 * session error' (docs/product.md, "Billing (/billing)").
 */
export async function startCheckout(request: CheckoutRequest) {
  try {
    const { url } = await routeRequest('billing.checkout_sessions.store', { body: request })
    window.location.assign(url)
    return true
  } catch (error) {
    toast.error('Payment session error', { description: errorMessage(error) })
    return false
  }
}

/**
 * Manage Billing: asks for a billing portal session (Stripe's, or the test
 * portal) and sends the browser there; where a subscriber changes plan. A
 * refusal ("Nothing to manage yet…") is a toast.
 */
export async function openBillingPortal() {
  try {
    const { url } = await routeRequest('billing.portal_sessions.store')
    window.location.assign(url)
    return true
  } catch (error) {
    toast.error('Manage Billing', { description: errorMessage(error) })
    return false
  }
}

export function formatDollars(amount: number) {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`
}
