import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Stripe from 'stripe'
import Plan from '#billing/models/plan'
import { localCustomerId, type LocalOrder } from '#billing/gateway/local_gateway'
import { StripeWebhooks } from '#billing/services/stripe_webhooks'

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
}

export type LocalCheckoutSession = { order: LocalOrder; session: LocalSession }

/** A Stripe-format event around `object`. */
function stripeEvent(type: string, object: object) {
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

function invoiceEvent(
  subscription: { id: string; user_id: number; metadata: Record<string, string> },
  period: number,
  amountCents: number,
  billingReason: 'subscription_create' | 'subscription_cycle'
) {
  return stripeEvent('invoice.paid', {
    id: `in_local_${subscription.id.slice('sub_local_'.length)}_${period}`,
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

/**
 * The offline checkout (no STRIPE_SECRET_KEY): paying or cancelling a
 * session of the local gateway, and renewing its subscriptions, each by
 * building the events Stripe would send and delivering them, signed,
 * through StripeWebhooks: the production handler does the rest.
 */
@inject()
export class LocalCheckout {
  constructor(private webhooks: StripeWebhooks) {}

  async find(sessionId: string, userId: number): Promise<LocalCheckoutSession | null> {
    const row = await db
      .from('local_checkout_sessions')
      .where({ id: sessionId, user_id: userId })
      .first()
    return row ? row.session : null
  }

  /** Pays an open session; null when it is not (or no longer) open. */
  async pay(sessionId: string, userId: number) {
    const events = await db.transaction(async (trx) => {
      const row = await trx
        .from('local_checkout_sessions')
        .where({ id: sessionId, user_id: userId, status: 'open' })
        .forUpdate()
        .first()
      if (!row) return null
      const { order, session } = row.session as LocalCheckoutSession
      const paid: LocalSession = { ...session, status: 'complete', payment_status: 'paid' }
      if (session.mode !== 'subscription') {
        await this.#store(trx, sessionId, 'complete', { order, session: paid })
        return { session: paid, events: [stripeEvent('checkout.session.completed', paid)] }
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
        1,
        session.amount_total ?? 0,
        'subscription_create'
      )
      const completed: LocalSession = {
        ...paid,
        subscription: subscription.id,
        invoice: (invoice.data.object as { id: string }).id,
      }
      await this.#store(trx, sessionId, 'complete', { order, session: completed })
      return {
        session: completed,
        events: [
          stripeEvent('customer.subscription.created', {
            id: subscription.id,
            object: 'subscription',
            customer: localCustomerId(userId),
            status: 'active',
            metadata: subscription.metadata,
          }),
          stripeEvent('checkout.session.completed', completed),
          invoice,
        ],
      }
    })
    if (!events) return null
    for (const event of events.events) {
      await this.webhooks.deliver(event)
    }
    return events.session
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
   * Bills the next month of every active local subscription (or one
   * user's): the next `invoice.paid`, at the plan's current price.
   */
  async renew(userId?: number) {
    const renewed = await db.transaction(async (trx) => {
      const query = trx.from('local_subscriptions').where('status', 'active').forUpdate()
      if (userId !== undefined) query.where('user_id', userId)
      const events = []
      for (const row of await query) {
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
          event: invoiceEvent(row, period, plan.priceCents, 'subscription_cycle'),
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
