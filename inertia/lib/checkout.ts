import { apiRequest, errorMessage } from '~/lib/api'
import { toast } from '~/lib/toast'

export type CheckoutRequest =
  | { planId: number; priceId: string | null; couponCode?: string }
  | { credits: number; amount: number; couponCode?: string }

/**
 * Asks the server for a checkout session and sends the browser there
 * (Stripe Checkout, or the offline test checkout). A refusal shows the
 * server's message as a toast (spec §8 payment session error).
 */
export async function startCheckout(request: CheckoutRequest) {
  try {
    const { url } = await apiRequest<{ url: string }>('POST', '/api/checkout/session', request)
    window.location.assign(url)
    return true
  } catch (error) {
    toast.error('Payment session error', { description: errorMessage(error) })
    return false
  }
}

export function formatDollars(amount: number) {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`
}
