import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type Coupon from '#billing/models/coupon'
import {
  PaymentGateway,
  type CheckoutSessionInput,
  type SubscriptionSnapshot,
} from '#billing/gateway/payment_gateway'

export const LOCAL_SESSION_ID = /^cs_local_[a-f0-9]{24}$/

/** The test billing portal: our page standing in for Stripe's Billing Portal. */
export const TEST_PORTAL_PATH = '/billing/test-portal'

export function localCustomerId(userId: number) {
  return `cus_local_${userId}`
}

/** What the offline checkout page shows of a session, beside the Stripe-format session itself. */
export type LocalOrder = {
  name: string
  description: string
  subtotalCents: number
  /** The coupon applied, as the page names it ("LAUNCH20, 20% off"). */
  coupon?: { code: string; terms: string }
}

/**
 * The checkout simulator used without Stripe keys: sessions and
 * subscriptions kept in our own tables, paid on our own test checkout page
 * (see LocalCheckout), which then sends the same signed events Stripe would.
 */
export class LocalGateway extends PaymentGateway {
  readonly name = 'local checkout simulator'

  constructor(readonly webhookSecret: string) {
    super()
  }

  async ensureCustomer(user: { id: number }) {
    return localCustomerId(user.id)
  }

  async ensureCoupon(_coupon: Coupon) {
    return null
  }

  async createCheckoutSession(input: CheckoutSessionInput) {
    const id = `cs_local_${randomBytes(12).toString('hex')}`
    const url = `/billing/test-checkout/${id}`
    const amountTotal = input.coupon
      ? input.coupon.apply(input.item.amountCents)
      : input.item.amountCents
    const order: LocalOrder = {
      name: input.item.name,
      description: input.item.description,
      subtotalCents: input.item.amountCents,
      ...(input.coupon && { coupon: { code: input.coupon.code, terms: input.coupon.terms() } }),
    }
    await db.table('local_checkout_sessions').insert({
      id,
      user_id: input.userId,
      status: 'open',
      session: JSON.stringify({
        order,
        session: {
          id,
          object: 'checkout.session',
          mode: input.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: input.customerId,
          client_reference_id: String(input.userId),
          metadata: input.metadata,
          amount_subtotal: input.item.amountCents,
          amount_total: amountTotal,
          currency: 'usd',
          subscription: null,
          invoice: null,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          url,
          livemode: false,
        },
      }),
    })
    return { id, url }
  }

  async createPortalSession() {
    return TEST_PORTAL_PATH
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    const row = await db.from('local_subscriptions').where('id', id).first()
    if (!row) return null
    return {
      id: row.id,
      status: row.status,
      customerId: localCustomerId(row.user_id),
      priceId: null,
      metadata: row.metadata,
      currentPeriodEnd: row.current_period_end,
      endsAt: row.cancel_at_period_end ? row.current_period_end : null,
    }
  }
}
