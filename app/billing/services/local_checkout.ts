import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Stripe from 'stripe'
import { CreditBalances } from '#billing/services/credit_balances'
import Payment from '#billing/models/payment'
import Plan from '#billing/models/plan'
import { isDatabaseId } from '#core/database_id'
import { type LocalOrder } from '#billing/gateway/local_gateway'
import { StripeWebhooks } from '#billing/services/stripe_webhooks'
import {
  invoiceEvent,
  stripeEvent,
  subscriptionEvent,
  type StripeEvent,
} from '#billing/gateway/local_events'
import { paymentSlots } from '#billing/services/payment_slots'

type LocalSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'status'
  | 'payment_status'
  | 'customer'
  | 'client_reference_id'
  | 'amount_subtotal'
  | 'amount_total'
  | 'currency'
  | 'success_url'
  | 'cancel_url'
> & {
  mode: 'payment' | 'subscription'
  metadata: Record<string, string>
  subscription: string | null
  invoice: string | null
  payment_intent?: string
}

export type LocalCheckoutSession = {
  order: LocalOrder
  session: LocalSession
  /** The events a paid session sent, kept to be sent again if they failed half-way. */
  events?: StripeEvent[]
}

type PayOutcome =
  | { status: 'closed' }
  | { status: 'paid'; session: LocalSession; events: StripeEvent[] }
  | { status: 'coupon_used_up'; events: StripeEvent[] }

export type RefundResult =
  /** `refundedCents` is this refund; `totalCents` all refunds of the payment so far, of `amountCents`. */
  | {
      status: 'refunded'
      refundedCents: number
      totalCents: number
      amountCents: number
      credits: number
    }
  | { status: 'not_refundable' }
  | { status: 'not_positive' }
  | { status: 'too_much'; leftCents: number }

export type PayResult =
  | { status: 'closed' }
  | { status: 'paid'; session: LocalSession }
  | { status: 'coupon_used_up' }
  | { status: 'interrupted' }

/**
 * The offline checkout (no STRIPE_SECRET_KEY): paying or cancelling a
 * session of the local gateway, and renewing its subscriptions, each by
 * building the events Stripe would send and delivering them, signed,
 * through StripeWebhooks: the production handler does the rest.
 */
@inject()
export class LocalCheckout {
  constructor(
    private webhooks: StripeWebhooks,
    private balances: CreditBalances
  ) {}

  async find(sessionId: string, userId: number): Promise<LocalCheckoutSession | null> {
    const row = await db
      .from('local_checkout_sessions')
      .where({ id: sessionId, user_id: userId })
      .first()
    return row ? row.session : null
  }

  /**
   * Pays an open session: its coupon's use is claimed first, within the
   * coupon's limit, as Stripe's `max_redemptions` would refuse it. A session
   * paid whose payment is still pending (its events failed half-way) has
   * them delivered again, as Stripe retries: each is handled once.
   */
  async pay(sessionId: string, userId: number): Promise<PayResult> {
    const outcome = await paymentSlots().run(() => this.#settleSession(sessionId, userId))
    if (outcome.status === 'closed') return outcome
    try {
      for (const event of outcome.events) {
        await this.webhooks.deliver(event)
      }
    } catch (error) {
      // Each event rolled back whole: Pay again sends them again, as Stripe retries.
      logger.error({ err: error, session: sessionId }, 'test checkout: an event failed')
      return { status: 'interrupted' }
    }
    return outcome.status === 'paid'
      ? { status: 'paid', session: outcome.session }
      : { status: 'coupon_used_up' }
  }

  /** The session marked paid (and its coupon's use claimed) in one transaction; its events. */
  #settleSession(sessionId: string, userId: number) {
    return db.transaction(async (trx): Promise<PayOutcome> => {
      const row = await trx
        .from('local_checkout_sessions')
        .where({ id: sessionId, user_id: userId })
        .whereIn('status', ['open', 'complete'])
        .forUpdate()
        .first()
      if (!row) return { status: 'closed' }
      const stored = row.session as LocalCheckoutSession
      const { order, session } = stored
      if (row.status === 'complete') {
        const pending = await trx
          .from('payments')
          .where({ id: Number(session.metadata.paymentId), status: 'pending' })
          .first()
        return pending && stored.events
          ? { status: 'paid', session, events: stored.events }
          : { status: 'closed' }
      }

      if (session.metadata.couponId && !(await this.#claimCoupon(trx, session))) {
        const ended: LocalSession = { ...session, status: 'expired' }
        await this.#store(trx, sessionId, 'expired', { order, session: ended })
        await trx
          .from('payments')
          .where('id', Number(session.metadata.paymentId))
          .update({ failure_reason: 'The coupon had no uses left when the payment was made.' })
        return {
          status: 'coupon_used_up',
          events: [stripeEvent('checkout.session.expired', ended)],
        }
      }

      const paid: LocalSession = {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_local_${randomBytes(12).toString('hex')}`,
      }
      if (session.mode !== 'subscription') {
        const events = [stripeEvent('checkout.session.completed', paid)]
        await this.#store(trx, sessionId, 'complete', { order, session: paid, events })
        return { status: 'paid', session: paid, events }
      }

      const subscription = {
        id: `sub_local_${randomBytes(12).toString('hex')}`,
        user_id: userId,
        metadata: session.metadata,
      }
      await trx.table('local_subscriptions').insert({
        ...subscription,
        plan_id: Number(session.metadata.planId),
        status: 'active',
        period: 1,
        current_period_end: new Date(Date.now() + 30 * 24 * 3600 * 1000),
        metadata: JSON.stringify(subscription.metadata),
      })
      const invoice = invoiceEvent(
        subscription,
        '1',
        session.amount_total ?? 0,
        'subscription_create'
      )
      const completed: LocalSession = {
        ...paid,
        subscription: subscription.id,
        invoice: (invoice.data.object as { id: string }).id,
      }
      const events = [
        subscriptionEvent('customer.subscription.created', { ...subscription, status: 'active' }),
        stripeEvent('checkout.session.completed', completed),
        invoice,
      ]
      await this.#store(trx, sessionId, 'complete', { order, session: completed, events })
      return { status: 'paid', session: completed, events }
    })
  }

  /** One use of the session's coupon, if it has one left (a conditional update). */
  async #claimCoupon(trx: TransactionClientContract, session: LocalSession) {
    const claimed = await trx
      .from('coupons')
      .where('id', Number(session.metadata.couponId))
      .where((query) => query.whereNull('usage_limit').orWhereRaw('usage_count < usage_limit'))
      .increment('usage_count', 1)
    if (Number(claimed) === 0) return false
    await trx
      .from('payments')
      .where('id', Number(session.metadata.paymentId))
      .update({ coupon_redeemed_at: new Date() })
    return true
  }

  /** Cancels an open session: it expires, as Stripe's would. */
  async cancel(sessionId: string, userId: number) {
    const expired = await db.transaction(async (trx) => {
      const row = await trx
        .from('local_checkout_sessions')
        .where({ id: sessionId, user_id: userId, status: 'open' })
        .forUpdate()
        .first()
      if (!row) return null
      const { order, session } = row.session as LocalCheckoutSession
      const ended: LocalSession = { ...session, status: 'expired' }
      await this.#store(trx, sessionId, 'expired', { order, session: ended })
      return ended
    })
    if (!expired) return null
    await this.webhooks.deliver(stripeEvent('checkout.session.expired', expired))
    return expired
  }

  /**
   * Refunds a completed payment of the test checkout, in full or by
   * `cents`: Stripe's `charge.refunded`, with the running total refunded.
   * As Stripe does, the refund is recorded first, exactly: under the
   * payment's row lock, within what is left of it, so parallel refunds
   * never promise more than the payment has; the event follows, and the
   * handler takes back whatever the highest running total says.
   */
  async refund(paymentId: number, cents?: number): Promise<RefundResult> {
    if (cents !== undefined && !(cents > 0)) return { status: 'not_positive' }
    if (!isDatabaseId(String(paymentId))) return { status: 'not_refundable' }
    const claim = await db.transaction(async (trx) => {
      const payment = await Payment.query({ client: trx })
        .where('id', paymentId)
        .where('status', 'completed')
        .whereLike('stripe_payment_intent_id', 'pi\\_local\\_%')
        .forUpdate()
        .first()
      if (!payment) return { status: 'not_refundable' as const }
      const [{ sum }] = await trx
        .from('local_refunds')
        .where('payment_id', payment.id)
        .sum('amount_cents as sum')
      const leftCents = payment.amountCents - Number(sum ?? 0)
      if (leftCents <= 0) return { status: 'not_refundable' as const }
      const refundedCents = cents ?? leftCents
      if (refundedCents > leftCents) return { status: 'too_much' as const, leftCents }
      await trx
        .table('local_refunds')
        .insert({ payment_id: payment.id, amount_cents: refundedCents })
      return {
        status: 'claimed' as const,
        payment,
        refundedCents,
        totalCents: payment.amountCents - leftCents + refundedCents,
      }
    })
    if (claim.status !== 'claimed') return claim

    const { payment, refundedCents, totalCents } = claim
    await this.webhooks.deliver(
      stripeEvent('charge.refunded', {
        id: `ch_local_${payment.stripePaymentIntentId!.slice('pi_local_'.length)}`,
        object: 'charge',
        amount: payment.amountCents,
        amount_refunded: totalCents,
        refunded: totalCents === payment.amountCents,
        currency: payment.currency,
        payment_intent: payment.stripePaymentIntentId,
      })
    )
    const credits = await this.balances.current(payment.userId)
    return {
      status: 'refunded',
      refundedCents,
      totalCents,
      amountCents: payment.amountCents,
      credits,
    }
  }

  /**
   * Bills the next month of every active local subscription (or one
   * user's): the next `invoice.paid`, at the plan's current price.
   */
  async renew(userId?: number) {
    const renewed = await db.transaction(async (trx) => {
      const query = trx.from('local_subscriptions').where('status', 'active').forUpdate()
      if (userId !== undefined) query.where('user_id', userId)
      const events = []
      for (const row of await query) {
        if (row.cancel_at_period_end) {
          // Cancelled at the end of this period: it ends instead of billing the next one.
          await trx
            .from('local_subscriptions')
            .where('id', row.id)
            .update({ status: 'canceled', updated_at: new Date() })
          events.push({
            userId: row.user_id as number,
            event: subscriptionEvent('customer.subscription.deleted', {
              ...row,
              status: 'canceled',
            }),
          })
          continue
        }
        const plan = await Plan.findOrFail(row.plan_id, { client: trx })
        const period = row.period + 1
        await trx
          .from('local_subscriptions')
          .where('id', row.id)
          .update({
            period,
            current_period_end: new Date(
              new Date(row.current_period_end).getTime() + 30 * 24 * 3600 * 1000
            ),
            updated_at: new Date(),
          })
        events.push({
          userId: row.user_id as number,
          event: invoiceEvent(row, `${period}`, plan.priceCents, 'subscription_cycle'),
        })
      }
      return events
    })
    for (const { event } of renewed) {
      await this.webhooks.deliver(event)
    }
    return renewed
  }

  async #store(
    trx: TransactionClientContract,
    id: string,
    status: string,
    value: LocalCheckoutSession
  ) {
    await trx
      .from('local_checkout_sessions')
      .where('id', id)
      .update({ status, session: JSON.stringify(value) })
  }
}
