import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import { CheckoutEvents } from '#billing/actions/stripe_events/checkout_events'
import { idOf } from '#billing/actions/stripe_events/stripe_event_rows'
import { InvoiceEvents } from '#billing/actions/stripe_events/invoice_events'
import { RefundEvents } from '#billing/actions/stripe_events/refund_events'
import { SubscriptionEvents } from '#billing/actions/stripe_events/subscription_events'
import { PaymentGateway, type SubscriptionSnapshot } from '#billing/gateway/payment_gateway'
import {
  stripeEventEnvelope,
  stripeObjectValidators,
  type ChargeFields,
  type CheckoutSessionFields,
  type InvoiceFields,
  type SubscriptionFields,
} from '#billing/validators/stripe_events'
import { unstorableFields } from '#core/http/storable_text'

export type StripeEventOutcome =
  | 'processed'
  | 'duplicate'
  | 'ignored'
  /** Signed, but its fields do not fit: recorded and acknowledged, never retried. */
  | 'unusable'
  /** Signed, but without an id to record it under: refused with a 4xx. */
  | 'unreadable'
  /** The gateway could not be read: answered 503 so Stripe delivers it again. */
  | 'gateway_unavailable'

/** The object each handled event carries, by the schema that reads it. */
const HANDLED = {
  'checkout.session.completed': 'checkoutSession',
  'checkout.session.async_payment_succeeded': 'checkoutSession',
  'checkout.session.async_payment_failed': 'checkoutSession',
  'checkout.session.expired': 'checkoutSession',
  'invoice.paid': 'invoice',
  'invoice.payment_failed': 'invoice',
  'customer.subscription.created': 'subscription',
  'customer.subscription.updated': 'subscription',
  'customer.subscription.deleted': 'subscription',
  'charge.refunded': 'charge',
} as const satisfies Record<string, keyof typeof stripeObjectValidators>

type HandledType = keyof typeof HANDLED

type Event =
  | { type: `checkout.session.${string}`; object: CheckoutSessionFields }
  | { type: `invoice.${string}`; object: InvoiceFields }
  | { type: `customer.subscription.${string}`; object: SubscriptionFields }
  | { type: 'charge.refunded'; object: ChargeFields }

/**
 * What a Stripe event (or the simulator's, which is the same) does to our
 * rows. The fields it reads are validated first (an event that does not fit
 * is recorded as unusable and acknowledged). The subscription is read from
 * the gateway before the transaction opens: a transaction never holds its
 * connection while it waits for a network answer or for a second pooled
 * connection, which is how twenty parallel payments once starved the pool.
 * Each event is handled once: its id is written in the same transaction as
 * its effects, so a replay (or twenty parallel deliveries) changes nothing,
 * and an event that fails half-way leaves nothing written and is retried whole.
 * Each family of events has its own handler (`stripe_events/`); this
 * dispatcher validates, records and hands the event to it.
 */
@inject()
export class HandleStripeEvent {
  constructor(
    private gateway: PaymentGateway,
    private checkouts: CheckoutEvents,
    private invoices: InvoiceEvents,
    private subscriptions: SubscriptionEvents,
    private refunds: RefundEvents
  ) {}

  async handle(raw: unknown): Promise<StripeEventOutcome> {
    const type = (raw as { type?: unknown } | null)?.type
    if (typeof type !== 'string' || !Object.hasOwn(HANDLED, type)) {
      return typeof type === 'string' ? 'ignored' : 'unreadable'
    }
    const [envelopeError, envelope] = await stripeEventEnvelope.tryValidate(raw)
    if (envelopeError) return 'unreadable'
    // Text PostgreSQL cannot store (a NUL, a lone surrogate): Stripe never sends it.
    const unstorable = unstorableFields(raw).map(({ field }) => field)
    if (unstorable.includes('id')) return 'unreadable'
    if (unstorable.length > 0) {
      return this.#recordUnusable(
        envelope.id,
        type,
        `${unstorable[0]}: a NUL character or broken Unicode`.slice(0, 500)
      )
    }

    const [fieldsError, object] = await stripeObjectValidators[
      HANDLED[type as HandledType]
    ].tryValidate((raw as { data?: { object?: unknown } }).data?.object)
    if (fieldsError) {
      return this.#recordUnusable(envelope.id, type, describe(fieldsError))
    }
    const event = { type, object } as Event

    let snapshot: SubscriptionSnapshot | null
    try {
      snapshot = await this.#subscriptionOf(event)
    } catch (error) {
      logger.error({ err: error, event: envelope.id }, 'stripe event: gateway unavailable')
      return 'gateway_unavailable'
    }

    return db.transaction(async (trx) => {
      if (!(await this.#record(trx, envelope.id, type, 'processed'))) return 'duplicate'
      await this.#apply(event, snapshot, trx)
      return 'processed'
    })
  }

  /** The subscription the event is about, as the gateway says it is now. */
  async #subscriptionOf(event: Event) {
    let id: string | null = null
    if (event.type.startsWith('checkout.session.')) {
      const session = event.object as CheckoutSessionFields
      if (session.mode === 'subscription') id = idOf(session.subscription)
    } else if (event.type === 'invoice.paid') {
      id = idOf((event.object as InvoiceFields).parent?.subscription_details?.subscription)
    } else if (event.type.startsWith('customer.subscription.')) {
      id = (event.object as SubscriptionFields).id
    }
    return id ? this.gateway.retrieveSubscription(id) : null
  }

  async #apply(
    event: Event,
    snapshot: SubscriptionSnapshot | null,
    trx: TransactionClientContract
  ) {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkouts.completed(event.object, event.object.payment_status, snapshot, trx)
      case 'checkout.session.async_payment_succeeded':
        return this.checkouts.completed(event.object, 'paid', snapshot, trx)
      case 'checkout.session.async_payment_failed':
        return this.checkouts.ended(event.object, 'failed', trx)
      case 'checkout.session.expired':
        return this.checkouts.ended(event.object, 'cancelled', trx)
      case 'invoice.paid':
        return this.invoices.paid(event.object, snapshot, trx)
      case 'invoice.payment_failed':
        return this.invoices.failed(event.object, trx)
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptions.changed(event.object, snapshot, trx)
      case 'charge.refunded':
        return this.refunds.chargeRefunded(event.object, trx)
    }
  }

  /** Writes the event's id; false when it was already there (a replay). */
  async #record(
    client: TransactionClientContract | typeof db,
    id: string,
    type: string,
    outcome: 'processed' | 'unusable',
    note: string | null = null
  ) {
    const recorded = await client
      .insertQuery()
      .table('stripe_events')
      .insert({ id, type, outcome, note })
      .onConflict('id')
      .ignore()
      .returning('id')
    return recorded.length > 0
  }

  async #recordUnusable(id: string, type: string, reason: string): Promise<StripeEventOutcome> {
    logger.warn({ id, type, reason }, 'stripe event acknowledged but unusable')
    return (await this.#record(db, id, type, 'unusable', reason)) ? 'unusable' : 'duplicate'
  }
}

/** The first field that did not fit, for the log and the event's record. */
function describe(error: unknown) {
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    const [first] = error.messages as { field: string; message: string }[]
    return `${first.field}: ${first.message}`.slice(0, 500)
  }
  return String(error).slice(0, 500)
}
