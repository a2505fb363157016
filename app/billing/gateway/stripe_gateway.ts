import Stripe from 'stripe'
import type Coupon from '#billing/models/coupon'
import {
  PaymentGateway,
  type CheckoutSessionInput,
  type SubscriptionSnapshot,
} from '#billing/gateway/payment_gateway'

/** Customers made by the local simulator mean nothing to Stripe. */
const LOCAL_ID = /^(cus|sub)_local_/

/**
 * Stripe Checkout, Billing Portal and subscriptions through the official
 * SDK; `apiBase` points it at another host (a local fake in tests).
 */
export class StripeGateway extends PaymentGateway {
  readonly name = 'stripe'
  readonly stripe: Stripe

  constructor(
    secretKey: string,
    readonly webhookSecret: string,
    apiBase?: string
  ) {
    super()
    const base = apiBase ? new URL(apiBase) : null
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'http:' ? 80 : 443),
        protocol: base.protocol === 'http:' ? 'http' : 'https',
      }),
    })
  }

  async ensureCustomer(user: { id: number; email: string; stripeCustomerId: string | null }) {
    if (user.stripeCustomerId && !LOCAL_ID.test(user.stripeCustomerId)) {
      return user.stripeCustomerId
    }
    const customer = await this.stripe.customers.create(
      { email: user.email, metadata: { userId: String(user.id) } },
      { idempotencyKey: `customer-for-user-${user.id}` }
    )
    return customer.id
  }

  async ensureCoupon(coupon: Coupon) {
    if (coupon.stripeCouponId) return coupon.stripeCouponId
    const created = await this.stripe.coupons.create({
      name: coupon.code,
      duration: 'once',
      metadata: { couponId: String(coupon.id) },
      // Stripe refuses the coupon past our limit and expiry itself, when the money moves.
      ...(coupon.usageLimit !== null && {
        max_redemptions: Math.max(1, coupon.usageLimit - coupon.usageCount),
      }),
      ...(coupon.expiresAt && { redeem_by: Math.floor(coupon.expiresAt.toSeconds()) }),
      ...(coupon.discountType === 'percentage'
        ? { percent_off: coupon.discountValue }
        : { amount_off: coupon.discountValue, currency: 'usd' }),
    })
    return created.id
  }

  async createCheckoutSession(input: CheckoutSessionInput) {
    const { item, mode } = input
    const price = item.stripePriceId
      ? { price: item.stripePriceId }
      : {
          price_data: {
            currency: 'usd',
            unit_amount: item.amountCents,
            product_data: { name: item.name, description: item.description },
            ...(mode === 'subscription' && { recurring: { interval: 'month' as const } }),
          },
        }
    const session = await this.stripe.checkout.sessions.create({
      mode,
      customer: input.customerId,
      client_reference_id: String(input.userId),
      line_items: [{ ...price, quantity: 1 }],
      metadata: input.metadata,
      ...(mode === 'subscription' && { subscription_data: { metadata: input.metadata } }),
      ...(input.coupon?.stripeCouponId && {
        discounts: [{ coupon: input.coupon.stripeCouponId }],
      }),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    })
    if (!session.url) {
      throw new Error(`Stripe returned checkout session ${session.id} without a URL`)
    }
    return { id: session.id, url: session.url }
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    })
    return session.url
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    if (LOCAL_ID.test(id)) return null
    try {
      const subscription = await this.stripe.subscriptions.retrieve(id)
      const customer = subscription.customer
      const item = subscription.items.data[0]
      // Stripe keeps the period on the subscription's item.
      const periodEnd = item?.current_period_end ? fromUnix(item.current_period_end) : null
      return {
        id: subscription.id,
        status: subscription.status,
        customerId: typeof customer === 'string' ? customer : customer.id,
        priceId: item?.price.id ?? null,
        metadata: subscription.metadata,
        currentPeriodEnd: periodEnd,
        endsAt: subscription.cancel_at
          ? fromUnix(subscription.cancel_at)
          : subscription.cancel_at_period_end
            ? periodEnd
            : null,
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        return null
      }
      throw error
    }
  }
}

function fromUnix(seconds: number) {
  return new Date(seconds * 1000)
}
