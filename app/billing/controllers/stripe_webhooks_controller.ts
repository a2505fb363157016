import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { StripeWebhooks } from '#billing/services/stripe_webhooks'

/**
 * Stripe's events: verified on the raw body (400 and nothing changed when
 * the signature is wrong), each handled once. Every signed event is
 * answered deliberately: 200 when handled, ignored or unusable (recorded,
 * so it is not delivered again for days), 400 when it is not an event at
 * all, 503 when the gateway could not be read (Stripe delivers it again).
 */
export default class StripeWebhooksController {
  @inject()
  async store({ request, response }: HttpContext, webhooks: StripeWebhooks) {
    const receipt = await webhooks.receive(request.raw() ?? '', request.header('stripe-signature'))
    switch (receipt.status) {
      case 'invalid_signature':
        return response.badRequest({ message: 'Invalid Stripe signature' })
      case 'unreadable':
        return response.badRequest({ message: 'This is not a Stripe event: no id or type.' })
      case 'gateway_unavailable':
        response.header('Retry-After', '60')
        return response.serviceUnavailable({ message: 'Stripe could not be reached; try again.' })
      case 'processed':
      case 'duplicate':
      case 'ignored':
      case 'unusable':
        return response.ok({ received: true, result: receipt.status })
    }
  }
}
