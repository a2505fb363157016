import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import type User from '#auth/models/user'
import { AccountBilling } from '#auth/services/account_billing'
import Coupon from '#billing/models/coupon'
import Payment from '#billing/models/payment'
import Plan from '#billing/models/plan'
import { PaymentGateway, type SubscriptionSnapshot } from '#billing/gateway/payment_gateway'
import { CreditLedger, type CreditMovementResult } from '#billing/services/credit_ledger'
import {
  invoiceReference,
  paymentReference,
  paymentRefundReference,
} from '#billing/ledger_references'
import {
  stripeEventEnvelope,
  stripeObjectValidators,
  type ChargeFields,
  type CheckoutSessionFields,
  type InvoiceFields,
  type StripeReference,
  type SubscriptionFields,
} from '#billing/validators/stripe_events'
import { isDatabaseId } from '#core/database_id'
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

/** Subscription states in which the plan's features stay on. */
const LIVE = new Set(['active', 'trialing', 'past_due'])
/** States after which the subscription will never bill again. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired'])

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
 */
@inject()
export class HandleStripeEvent {
  constructor(
    private gateway: PaymentGateway,
    private ledger: CreditLedger,
    private accounts: AccountBilling
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
        return this.#checkoutCompleted(event.object, event.object.payment_status, snapshot, trx)
      case 'checkout.session.async_payment_succeeded':
        return this.#checkoutCompleted(event.object, 'paid', snapshot, trx)
      case 'checkout.session.async_payment_failed':
        return this.#checkoutEnded(event.object, 'failed', trx)
      case 'checkout.session.expired':
        return this.#checkoutEnded(event.object, 'cancelled', trx)
      case 'invoice.paid':
        return this.#invoicePaid(event.object, snapshot, trx)
      case 'invoice.payment_failed':
        return this.#invoiceFailed(event.object, trx)
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.#subscriptionChanged(event.object, snapshot, trx)
      case 'charge.refunded':
        return this.#chargeRefunded(event.object, trx)
    }
  }

  async #checkoutCompleted(
    session: CheckoutSessionFields,
    paymentStatus: string | undefined,
    snapshot: SubscriptionSnapshot | null,
    trx: TransactionClientContract
  ) {
    const user = await this.#lockUser(trx, { userId: session.client_reference_id })
    if (!user) return this.#unknown('checkout session', session.id)
    const customerId = idOf(session.customer)
    if (customerId) await this.accounts.linkCustomer(user, customerId)

    if (session.mode === 'subscription') {
      if (snapshot) await this.#applySubscription(user, snapshot, trx)
      return
    }

    if (paymentStatus !== 'paid') return
    const payment = await Payment.query({ client: trx })
      .where('stripe_checkout_session_id', session.id)
      .where('user_id', user.id)
      .forUpdate()
      .first()
    if (!payment) return this.#unknown('pack payment for session', session.id)
    if (payment.status === 'completed') return
    const paymentIntent = idOf(session.payment_intent)
    if (paymentIntent) payment.stripePaymentIntentId = paymentIntent
    const credited = await this.ledger.purchase(
      {
        userId: user.id,
        amount: payment.credits,
        reference: paymentReference(payment.id),
        paymentId: payment.id,
      },
      trx
    )
    await this.#settle(payment, session.amount_total ?? payment.amountCents, credited, trx)
  }

  /**
   * A checkout that ended unpaid: cancelled when the buyer left it (it
   * expired), failed when the payment was refused or a reason was recorded
   * (the test checkout's coupon that ran out).
   */
  async #checkoutEnded(
    session: CheckoutSessionFields,
    ending: 'failed' | 'cancelled',
    trx: TransactionClientContract
  ) {
    await Payment.query({ client: trx })
      .where('stripe_checkout_session_id', session.id)
      .where('status', 'pending')
      .update({
        status: trx.raw(`case when failure_reason is null then ? else 'failed' end`, [ending]),
        updated_at: new Date(),
      })
  }

  async #invoicePaid(
    invoice: InvoiceFields,
    snapshot: SubscriptionSnapshot | null,
    trx: TransactionClientContract
  ) {
    const details = invoice.parent?.subscription_details
    if (!idOf(details?.subscription)) return
    const user = await this.#lockUser(trx, {
      customerId: idOf(invoice.customer),
      userId: details?.metadata?.userId,
    })
    if (!user) return this.#unknown('invoice', invoice.id)
    // The plan this invoice paid for: its price, or the subscription's metadata when it was made.
    const plan = await this.#planFor(
      {
        priceId: idOf(invoice.lines?.data[0]?.pricing?.price_details?.price),
        metadata: details?.metadata ?? snapshot?.metadata ?? {},
      },
      trx
    )
    if (!plan) return this.#unknown('plan for invoice', invoice.id)

    const payment = await this.#invoicePayment(user, invoice, details?.metadata ?? {}, plan, trx)
    // Pending, or failed before Stripe's retry of the charge succeeded.
    if (payment.status !== 'completed') {
      // A plan may give no credits of its own (its features are what is sold).
      const credited =
        plan.credits > 0
          ? await this.ledger.grant(
              {
                userId: user.id,
                amount: plan.credits,
                reason: 'plan_grant',
                reference: invoiceReference(invoice.id),
                paymentId: payment.id,
              },
              trx
            )
          : null
      await this.#settle(payment, invoice.amount_paid, credited, trx)
    }
    if (snapshot) await this.#applySubscription(user, snapshot, trx)
  }

  async #invoiceFailed(invoice: InvoiceFields, trx: TransactionClientContract) {
    const details = invoice.parent?.subscription_details
    const user = await this.#lockUser(trx, {
      customerId: idOf(invoice.customer),
      userId: details?.metadata?.userId,
    })
    if (!user) return this.#unknown('invoice', invoice.id)
    const plan = await this.#planFor(
      {
        priceId: idOf(invoice.lines?.data[0]?.pricing?.price_details?.price),
        metadata: details?.metadata ?? {},
      },
      trx
    )
    const payment = await this.#invoicePayment(user, invoice, details?.metadata ?? {}, plan, trx)
    if (payment.status === 'pending') {
      await payment.merge({ status: 'failed', amountCents: invoice.amount_due }).save()
    }
  }

  async #subscriptionChanged(
    subscription: SubscriptionFields,
    snapshot: SubscriptionSnapshot | null,
    trx: TransactionClientContract
  ) {
    const user = await this.#lockUser(trx, {
      customerId: idOf(subscription.customer),
      userId: subscription.metadata?.userId,
    })
    if (!user) return this.#unknown('subscription', subscription.id)
    await this.#applySubscription(
      user,
      // Gone from the gateway altogether: it has ended.
      snapshot ?? { ...toSnapshot(subscription), status: 'canceled' },
      trx
    )
  }

  /**
   * A refund of a credit pack takes its credits back in proportion to the
   * money returned (Stripe's `amount_refunded` is the running total, so each
   * event takes back only what the last one did not).
   */
  async #chargeRefunded(charge: ChargeFields, trx: TransactionClientContract) {
    const paymentIntent = idOf(charge.payment_intent)
    const payment =
      paymentIntent &&
      (await Payment.query({ client: trx })
        .where('stripe_payment_intent_id', paymentIntent)
        .forUpdate()
        .first())
    if (!payment) return this.#unknown('payment for charge', charge.id)
    if (payment.status !== 'completed' || payment.amountCents === 0) return
    const refundedCents = Math.min(charge.amount_refunded, payment.amountCents)
    if (refundedCents <= payment.refundedCents) return

    const creditsBack = (cents: number) =>
      Math.floor((payment.credits * cents) / payment.amountCents)
    const amount = creditsBack(refundedCents) - creditsBack(payment.refundedCents)
    if (payment.kind === 'pack' && amount > 0) {
      await this.ledger.takeBack(
        {
          userId: payment.userId,
          amount,
          reference: paymentRefundReference(payment.id, refundedCents),
          paymentId: payment.id,
        },
        trx
      )
    }
    await payment.merge({ refundedCents }).save()
  }

  /**
   * The user's plan as the subscription now is: its plan while it runs,
   * free once it has ended (unless the user has moved on to another one).
   */
  async #applySubscription(
    user: User,
    snapshot: SubscriptionSnapshot,
    trx: TransactionClientContract
  ) {
    await this.#recordSubscription(user, snapshot, trx)
    if (LIVE.has(snapshot.status)) {
      const plan = await this.#planFor(snapshot, trx)
      if (!plan) return this.#unknown('plan for subscription', snapshot.id)
      await this.accounts.setPlan(user, plan.tier, snapshot.id)
    } else if (
      ENDED.has(snapshot.status) &&
      (user.stripeSubscriptionId === snapshot.id || user.stripeSubscriptionId === null)
    ) {
      await this.accounts.setPlan(user, 'free', null)
    }
  }

  /** The subscription as this reading says it is: what /billing says about renewal. */
  async #recordSubscription(
    user: User,
    snapshot: SubscriptionSnapshot,
    trx: TransactionClientContract
  ) {
    const state = {
      status: snapshot.status,
      current_period_end: snapshot.currentPeriodEnd,
      ends_at: snapshot.endsAt,
      updated_at: new Date(),
    }
    await trx
      .insertQuery()
      .table('subscriptions')
      .insert({ id: snapshot.id, user_id: user.id, ...state })
      .onConflict('id')
      .merge(state)
  }

  /** The payment row of an invoice: found, the checkout's pending one, or a new one. */
  async #invoicePayment(
    user: User,
    invoice: InvoiceFields,
    metadata: Record<string, string>,
    plan: Plan | null,
    trx: TransactionClientContract
  ) {
    const byInvoice = await Payment.query({ client: trx })
      .where('stripe_invoice_id', invoice.id)
      .forUpdate()
      .first()
    if (byInvoice) return byInvoice
    if (
      invoice.billing_reason === 'subscription_create' &&
      isDatabaseId(metadata.paymentId ?? '')
    ) {
      const fromCheckout = await Payment.query({ client: trx })
        .where('id', Number(metadata.paymentId))
        .where('user_id', user.id)
        .where('kind', 'subscription')
        .whereNull('stripe_invoice_id')
        .forUpdate()
        .first()
      if (fromCheckout) {
        return fromCheckout.merge({ stripeInvoiceId: invoice.id }).save()
      }
    }
    return Payment.create(
      {
        userId: user.id,
        kind: 'subscription',
        status: 'pending',
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        credits: plan?.credits ?? 0,
        planId: plan?.id ?? null,
        stripeInvoiceId: invoice.id,
      },
      { client: trx }
    )
  }

  /**
   * A payment ends once: completed with its credits, or failed with the
   * reason its credits could not be added (the operator refunds it). Its
   * coupon counts one use then, unless the checkout already counted it.
   */
  async #settle(
    payment: Payment,
    amountCents: number,
    credited: CreditMovementResult | null,
    trx: TransactionClientContract
  ) {
    if (credited?.status === 'balance_limit') {
      logger.error({ payment: payment.id }, 'payment not applied: the balance would overflow')
      await payment
        .merge({
          status: 'failed',
          amountCents,
          failureReason: `The credits would take the balance past ${credited.balance.toLocaleString('en-US')} credits, the most an account holds.`,
        })
        .save()
      return
    }
    if (payment.couponId && !payment.couponRedeemedAt) {
      await this.#countCouponUse(payment.couponId, trx)
      payment.couponRedeemedAt = DateTime.now()
    }
    await payment.merge({ status: 'completed', amountCents }).save()
  }

  /**
   * One use of a coupon, within its limit (a conditional update). Stripe
   * refuses a coupon past its `max_redemptions` before taking the money, so
   * a use past the limit here means the operator lowered it meanwhile: the
   * money has moved, so the use is counted anyway, and logged.
   */
  async #countCouponUse(couponId: number, trx: TransactionClientContract) {
    const counted = await Coupon.query({ client: trx })
      .where('id', couponId)
      .where((query) => query.whereNull('usage_limit').orWhereRaw('usage_count < usage_limit'))
      .increment('usage_count', 1)
    if (Number(counted) === 0) {
      logger.warn({ coupon: couponId }, 'coupon paid past its usage limit')
      await Coupon.query({ client: trx }).where('id', couponId).increment('usage_count', 1)
    }
  }

  async #planFor(
    { priceId, metadata }: { priceId: string | null; metadata: Record<string, string> },
    trx: TransactionClientContract
  ) {
    if (priceId) {
      const byPrice = await Plan.query({ client: trx }).where('stripe_price_id', priceId).first()
      if (byPrice) return byPrice
    }
    const planId = metadata.planId
    return isDatabaseId(planId ?? '') ? Plan.find(Number(planId), { client: trx }) : null
  }

  /** The user an event is about, locked: one event per user at a time. */
  #lockUser(
    trx: TransactionClientContract,
    { userId, customerId }: { userId?: string | null; customerId?: string | null }
  ) {
    return this.accounts.lock(trx, {
      customerId,
      userId: userId && isDatabaseId(userId) ? Number(userId) : null,
    })
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

  #unknown(what: string, id: string | undefined) {
    logger.warn({ id }, `stripe event ignored: unknown ${what}`)
  }
}

function idOf(value: StripeReference | null | undefined) {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

function toSnapshot(subscription: SubscriptionFields): SubscriptionSnapshot {
  return {
    id: subscription.id,
    status: subscription.status ?? 'canceled',
    customerId: idOf(subscription.customer) ?? '',
    priceId: subscription.items?.data[0]?.price.id ?? null,
    metadata: subscription.metadata ?? {},
    currentPeriodEnd: null,
    endsAt: null,
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
