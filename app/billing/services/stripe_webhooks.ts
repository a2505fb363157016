import { inject } from '@adonisjs/core'
import Stripe from 'stripe'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { HandleStripeEvent, type StripeEventOutcome } from '#billing/actions/handle_stripe_event'

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe'

export type WebhookReceipt = { status: 'invalid_signature' } | { status: StripeEventOutcome }

/**
 * The one way in for Stripe events: the signature is checked on the raw
 * bytes, then the event is handled. The webhook route calls it with what
 * Stripe posted; the offline checkout calls it with events it built and
 * signed with the same secret, so both run exactly this code.
 */
@inject()
export class StripeWebhooks {
  constructor(
    private gateway: PaymentGateway,
    private handleEvent: HandleStripeEvent
  ) {}

  async receive(payload: string, signature: string | undefined): Promise<WebhookReceipt> {
    let event: Stripe.Event
    try {
      event = Stripe.webhooks.constructEvent(payload, signature ?? '', this.gateway.webhookSecret)
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        return { status: 'invalid_signature' }
      }
      throw error
    }
    return { status: await this.handleEvent.handle(event) }
  }

  /** Signs an event as Stripe would and delivers it. */
  async deliver(event: object) {
    const payload = JSON.stringify(event)
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.gateway.webhookSecret,
    })
    return this.receive(payload, signature)
  }
}
