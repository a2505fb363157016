import type Coupon from '#billing/models/coupon'

/** What one checkout sells: a credit pack once, or a plan every month. */
export type CheckoutSessionInput = {
  userId: number
  customerId: string
  mode: 'payment' | 'subscription'
  item: {
    name: string
    description: string
    /** Before any coupon. */
    amountCents: number
    /** A plan's price in Stripe, when the operator has set one. */
    stripePriceId: string | null
  }
  coupon: Coupon | null
  /** Ours, echoed back in the webhook events (and, for plans, on the subscription). */
  metadata: Record<string, string>
  successUrl: string
  cancelUrl: string
}

/** A subscription as Stripe says it is now: re-read whenever order matters. */
export type SubscriptionSnapshot = {
  id: string
  status: string
  customerId: string
  priceId: string | null
  metadata: Record<string, string>
  /** The end of the period paid for: the next renewal, unless it ends. */
  currentPeriodEnd: Date | null
  /** Set when it is cancelled to end later (at the period's end, or Stripe's `cancel_at`). */
  endsAt: Date | null
}

/**
 * Where money is taken: Stripe, or the local checkout simulator on a
 * machine without Stripe keys. Both end in the same signed webhook events,
 * handled by the same code.
 */
export abstract class PaymentGateway {
  abstract readonly name: 'stripe' | 'local checkout simulator'
  abstract readonly webhookSecret: string

  /** The customer for a user, created on first use. */
  abstract ensureCustomer(user: {
    id: number
    email: string
    stripeCustomerId: string | null
  }): Promise<string>

  /** The coupon's counterpart in the gateway, created on first use; null when none is needed. */
  abstract ensureCoupon(coupon: Coupon): Promise<string | null>

  abstract createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>

  /** Where the customer manages their subscription: Stripe's Billing Portal, or the test portal. */
  abstract createPortalSession(customerId: string, returnUrl: string): Promise<string>

  /** Null when the subscription is unknown. */
  abstract retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>
}
