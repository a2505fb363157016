import { randomBytes } from 'node:crypto'
import { localCustomerId } from '#billing/gateway/local_gateway'

/**
 * The events the local gateway sends in Stripe's wire format: built here,
 * signed and handled by the same code as Stripe's own (docs/billing.md).
 */

/** A Stripe-format event around `object`. */
export function stripeEvent(type: string, object: object) {
  return {
    id: `evt_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  }
}

export type StripeEvent = ReturnType<typeof stripeEvent>

type LocalSubscription = { id: string; user_id: number; metadata: Record<string, string> }

/** `invoice.paid` of a local subscription; `number` names the invoice within it. */
export function invoiceEvent(
  subscription: LocalSubscription,
  number: string,
  amountCents: number,
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update'
) {
  return stripeEvent('invoice.paid', {
    id: `in_local_${subscription.id.slice('sub_local_'.length)}_${number}`,
    object: 'invoice',
    customer: localCustomerId(subscription.user_id),
    billing_reason: billingReason,
    status: 'paid',
    currency: 'usd',
    amount_due: amountCents,
    amount_paid: amountCents,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: { object: 'list', data: [] },
  })
}

/** `customer.subscription.*` with the subscription as it now is. */
export function subscriptionEvent(
  type:
    | 'customer.subscription.created'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted',
  subscription: LocalSubscription & { status: string; cancel_at_period_end?: boolean }
) {
  return stripeEvent(type, {
    id: subscription.id,
    object: 'subscription',
    customer: localCustomerId(subscription.user_id),
    status: subscription.status,
    cancel_at_period_end: subscription.cancel_at_period_end ?? false,
    metadata: subscription.metadata,
  })
}
