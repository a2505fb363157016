import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Stripe from 'stripe'
import User from '#auth/models/user'
import Coupon from '#billing/models/coupon'
import Payment from '#billing/models/payment'
import Plan from '#billing/models/plan'
import { PaymentGateway, type SubscriptionSnapshot } from '#billing/gateway/payment_gateway'
import { CreditLedger } from '#billing/services/credit_ledger'

export type StripeEventOutcome = 'processed' | 'duplicate' | 'ignored'

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
])

/** Subscription states in which the plan's features stay on. */
const LIVE = new Set(['active', 'trialing', 'past_due'])
/** States after which the subscription will never bill again. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired'])

/**
 * What a Stripe event (or the simulator's, which is the same) does to our
 * rows. Each event is handled once: its id is written in the same
 * transaction as its effects, so a replay (or twenty parallel deliveries)
 * finds it and changes nothing. Where order matters the subscription is
 * re-read from the gateway, under a lock on the user, so events arriving
 * out of order still end in Stripe's current state.
 */
@inject()
export class HandleStripeEvent {
  constructor(
    private gateway: PaymentGateway,
    private ledger: CreditLedger
  ) {}

  async handle(event: Stripe.Event): Promise<StripeEventOutcome> {
    if (!HANDLED.has(event.type)) {
      return 'ignored'
    }
    return db.transaction(async (trx) => {
      const recorded = await trx
        .insertQuery()
        .table('stripe_events')
        .insert({ id: event.id, type: event.type })
        .onConflict('id')
        .ignore()
        .returning('id')
      if (recorded.length === 0) {
        return 'duplicate'
      }
      await this.#apply(event, trx)
      return 'processed'
    })
  }

  async #apply(event: Stripe.Event, trx: TransactionClientContract) {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.#checkoutCompleted(event.data.object, event.data.object.payment_status, trx)
      case 'checkout.session.async_payment_succeeded':
        return this.#checkoutCompleted(event.data.object, 'paid', trx)
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return this.#checkoutFailed(event.data.object, trx)
      case 'invoice.paid':
        return this.#invoicePaid(event.data.object, trx)
      case 'invoice.payment_failed':
        return this.#invoiceFailed(event.data.object, trx)
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.#subscriptionChanged(event.data.object, trx)
    }
  }

  async #checkoutCompleted(
    session: Stripe.Checkout.Session,
    paymentStatus: string,
    trx: TransactionClientContract
  ) {
    const user = await this.#lockUser(trx, { userId: session.client_reference_id })
    if (!user) return this.#unknown('checkout session', session.id)
    const customerId = idOf(session.customer)
    if (customerId && user.stripeCustomerId !== customerId) {
      await user.merge({ stripeCustomerId: customerId }).save()
    }

    if (session.mode === 'subscription') {
      const subscriptionId = idOf(session.subscription)
      const snapshot = subscriptionId && (await this.gateway.retrieveSubscription(subscriptionId))
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
    await this.#complete(payment, session.amount_total ?? payment.amountCents, trx)
    await this.ledger.purchase(
      {
        userId: user.id,
        amount: payment.credits,
        reference: `payment:${payment.id}`,
        paymentId: payment.id,
      },
      trx
    )
  }

  async #checkoutFailed(session: Stripe.Checkout.Session, trx: TransactionClientContract) {
    await Payment.query({ client: trx })
      .where('stripe_checkout_session_id', session.id)
      .where('status', 'pending')
      .update({ status: 'failed', updated_at: new Date() })
  }

  async #invoicePaid(invoice: Stripe.Invoice, trx: TransactionClientContract) {
    const details = invoice.parent?.subscription_details
    const subscriptionId = idOf(details?.subscription ?? null)
    if (!subscriptionId) return
    const user = await this.#lockUser(trx, {
      customerId: idOf(invoice.customer),
      userId: details?.metadata?.userId,
    })
    if (!user) return this.#unknown('invoice', invoice.id)
    const snapshot = await this.gateway.retrieveSubscription(subscriptionId)
    // The plan this invoice paid for: its price, or the subscription's metadata when it was made.
    const plan = await this.#planFor(
      {
        priceId: idOf(invoice.lines?.data[0]?.pricing?.price_details?.price ?? null),
        metadata: details?.metadata ?? snapshot?.metadata ?? {},
      },
      trx
    )
    if (!plan) return this.#unknown('plan for invoice', invoice.id)

    const payment = await this.#invoicePayment(user, invoice, details?.metadata ?? {}, plan, trx)
    if (payment.status !== 'completed') {
      await this.#complete(payment, invoice.amount_paid, trx)
      await this.ledger.grant(
        {
          userId: user.id,
          amount: plan.credits,
          reason: 'plan_grant',
          reference: `invoice:${invoice.id}`,
          paymentId: payment.id,
        },
        trx
      )
    }
    if (snapshot) await this.#applySubscription(user, snapshot, trx)
  }

  async #invoiceFailed(invoice: Stripe.Invoice, trx: TransactionClientContract) {
    const details = invoice.parent?.subscription_details
    const user = await this.#lockUser(trx, {
      customerId: idOf(invoice.customer),
      userId: details?.metadata?.userId,
    })
    if (!user) return this.#unknown('invoice', invoice.id)
    const plan = await this.#planFor(
      {
        priceId: idOf(invoice.lines?.data[0]?.pricing?.price_details?.price ?? null),
        metadata: details?.metadata ?? {},
      },
      trx
    )
    const payment = await this.#invoicePayment(user, invoice, details?.metadata ?? {}, plan, trx)
    if (payment.status === 'pending') {
      await payment.merge({ status: 'failed', amountCents: invoice.amount_due }).save()
    }
  }

  async #subscriptionChanged(subscription: Stripe.Subscription, trx: TransactionClientContract) {
    const user = await this.#lockUser(trx, {
      customerId: idOf(subscription.customer),
      userId: subscription.metadata?.userId,
    })
    if (!user) return this.#unknown('subscription', subscription.id)
    const snapshot = await this.gateway.retrieveSubscription(subscription.id)
    await this.#applySubscription(
      user,
      // Gone from the gateway altogether: it has ended.
      snapshot ?? { ...toSnapshot(subscription), status: 'canceled' },
      trx
    )
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
    if (LIVE.has(snapshot.status)) {
      const plan = await this.#planFor(snapshot, trx)
      if (!plan) return this.#unknown('plan for subscription', snapshot.id)
      await user.merge({ plan: plan.tier, stripeSubscriptionId: snapshot.id }).save()
    } else if (
      ENDED.has(snapshot.status) &&
      (user.stripeSubscriptionId === snapshot.id || user.stripeSubscriptionId === null)
    ) {
      await user.merge({ plan: 'free', stripeSubscriptionId: null }).save()
    }
  }

  /** The payment row of an invoice: found, the checkout's pending one, or a new one. */
  async #invoicePayment(
    user: User,
    invoice: Stripe.Invoice,
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
      /^\d+$/.test(metadata.paymentId ?? '')
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

  /** A payment is completed once; its coupon counts one use then. */
  async #complete(payment: Payment, amountCents: number, trx: TransactionClientContract) {
    await payment.merge({ status: 'completed', amountCents }).save()
    if (payment.couponId) {
      await Coupon.query({ client: trx }).where('id', payment.couponId).increment('usage_count', 1)
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
    return /^\d+$/.test(planId ?? '') ? Plan.find(Number(planId), { client: trx }) : null
  }

  /** The user an event is about, locked: one event per user at a time. */
  async #lockUser(
    trx: TransactionClientContract,
    { userId, customerId }: { userId?: string | null; customerId?: string | null }
  ) {
    if (customerId) {
      const byCustomer = await User.query({ client: trx })
        .where('stripe_customer_id', customerId)
        .forUpdate()
        .first()
      if (byCustomer) return byCustomer
    }
    if (userId && /^\d{1,9}$/.test(userId)) {
      return User.query({ client: trx }).where('id', Number(userId)).forUpdate().first()
    }
    return null
  }

  #unknown(what: string, id: string | undefined) {
    logger.warn({ id }, `stripe event ignored: unknown ${what}`)
  }
}

function idOf(value: string | { id: string } | null | undefined) {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

function toSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  return {
    id: subscription.id,
    status: subscription.status,
    customerId: idOf(subscription.customer) ?? '',
    priceId: subscription.items?.data[0]?.price.id ?? null,
    metadata: subscription.metadata ?? {},
  }
}
