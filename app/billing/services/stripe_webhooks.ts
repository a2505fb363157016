import { inject } from '@adonisjs/core'
import Stripe from 'stripe'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { HandleStripeEvent, type StripeEventOutcome } from '#billing/actions/handle_stripe_event'
import { paymentSlots } from '#billing/services/payment_slots'

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe'

export type WebhookReceipt = { status: 'invalid_signature' } | { status: StripeEventOutcome }

/** How far a signature's timestamp may be from now, either way (Stripe's default, 5 minutes). */
const TOLERANCE_SECONDS = 300

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
    if (!this.#verified(payload, signature ?? '')) {
      return { status: 'invalid_signature' }
    }
    let event: unknown
    try {
      event = JSON.parse(payload)
    } catch {
      return { status: 'unreadable' }
    }
    return { status: await paymentSlots().run(() => this.handleEvent.handle(event)) }
  }

  /**
   * Stripe's signature check, which refuses timestamps older than the
   * tolerance; one signed for the future is refused here as well, so a
   * leaked signature cannot be kept for later.
   */
  #verified(payload: string, header: string) {
    try {
      Stripe.webhooks.signature!.verifyHeader(
        payload,
        header,
        this.gateway.webhookSecret,
        TOLERANCE_SECONDS
      )
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return false
      throw error
    }
    const timestamp = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1])
    return timestamp <= Date.now() / 1000 + TOLERANCE_SECONDS
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
