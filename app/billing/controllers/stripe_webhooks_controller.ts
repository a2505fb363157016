import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { StripeWebhooks } from '#billing/services/stripe_webhooks'

/**
 * Stripe's events: verified on the raw body (400 and nothing changed when
 * the signature is wrong), each handled once; unknown types are
 * acknowledged and ignored.
 */
export default class StripeWebhooksController {
  @inject()
  async store({ request, response }: HttpContext, webhooks: StripeWebhooks) {
    const receipt = await webhooks.receive(request.raw() ?? '', request.header('stripe-signature'))
    if (receipt.status === 'invalid_signature') {
      return response.badRequest({ message: 'Invalid Stripe signature' })
    }
    return response.ok({ received: true, result: receipt.status })
  }
}
