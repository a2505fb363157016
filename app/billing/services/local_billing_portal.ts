import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Plan from '#billing/models/plan'
import { invoiceEvent, subscriptionEvent, type StripeEvent } from '#billing/gateway/local_events'
import { paymentSlots } from '#billing/services/payment_slots'
import { StripeWebhooks } from '#billing/services/stripe_webhooks'
import { periodEndDate } from '#billing/public/billing_dates'

type SubscriptionRow = {
  id: string
  user_id: number
  plan_id: number
  status: string
  period: number
  current_period_end: Date
  cancel_at_period_end: boolean
  metadata: Record<string, string>
}

export type PortalChange =
  | { change: 'switch_plan'; planId: number }
  | { change: 'cancel_at_period_end' }
  | { change: 'resume' }
  | { change: 'cancel_now' }

export type PortalResult =
  | { status: 'changed'; message: string }
  | { status: 'no_subscription' }
  | { status: 'unknown_plan' }
  | { status: 'same_plan' }
  | { status: 'nothing_to_change' }

/**
 * What switching from `current` to `next` bills at once, the same sum the
 * portal's confirmation states: an upgrade is billed now at the new plan's
 * price (its credits come with that invoice); a downgrade bills nothing
 * until the next renewal.
 */
export function switchChargeCents(current: Plan, next: Plan) {
  return next.priceCents > current.priceCents ? next.priceCents : 0
}

/**
 * Test mode's stand-in for Stripe's Billing Portal (no STRIPE_SECRET_KEY):
 * a subscriber switches plan up or down, cancels at the period's end,
 * resumes, or cancels now. Each change is made to the local subscription,
 * then announced with the events Stripe would send, signed and handled by
 * the production webhook code, so plan effects follow as they would with
 * Stripe (docs/billing.md, "Test mode").
 */
@inject()
export class LocalBillingPortal {
  constructor(private webhooks: StripeWebhooks) {}

  /** The user's running subscription with its plan, or null. */
  async current(userId: number) {
    const row: SubscriptionRow | null = await db
      .from('local_subscriptions')
      .where('user_id', userId)
      .whereNot('status', 'canceled')
      .orderBy('created_at', 'desc')
      .first()
    if (!row) return null
    return { subscription: row, plan: await Plan.findOrFail(row.plan_id) }
  }

  async change(userId: number, request: PortalChange): Promise<PortalResult> {
    const outcome = await paymentSlots().run(() =>
      db.transaction(async (trx) => {
        const row: SubscriptionRow | null = await trx
          .from('local_subscriptions')
          .where('user_id', userId)
          .whereNot('status', 'canceled')
          .orderBy('created_at', 'desc')
          .forUpdate()
          .first()
        if (!row) return { result: { status: 'no_subscription' as const }, events: [] }
        return this.#apply(row, request, trx)
      })
    )
    for (const event of outcome.events) {
      await this.webhooks.deliver(event)
    }
    return outcome.result
  }

  async #apply(
    row: SubscriptionRow,
    request: PortalChange,
    trx: TransactionClientContract
  ): Promise<{ result: PortalResult; events: StripeEvent[] }> {
    switch (request.change) {
      case 'switch_plan':
        return this.#switchPlan(row, request.planId, trx)
      case 'cancel_at_period_end':
      case 'resume': {
        const cancelAtPeriodEnd = request.change === 'cancel_at_period_end'
        if (row.cancel_at_period_end === cancelAtPeriodEnd) {
          return { result: { status: 'nothing_to_change' }, events: [] }
        }
        const updated = await this.#update(trx, row, { cancel_at_period_end: cancelAtPeriodEnd })
        const until = periodEndDate(row.current_period_end)
        return {
          result: {
            status: 'changed',
            message: cancelAtPeriodEnd
              ? `Your subscription will end on ${until}. Until then nothing changes.`
              : 'Your subscription will renew as usual.',
          },
          events: [subscriptionEvent('customer.subscription.updated', updated)],
        }
      }
      case 'cancel_now': {
        const updated = await this.#update(trx, row, { status: 'canceled' })
        return {
          result: { status: 'changed', message: 'Your subscription has ended.' },
          events: [subscriptionEvent('customer.subscription.deleted', updated)],
        }
      }
    }
  }

  /**
   * A new plan at once. An upgrade is billed now at the new plan's price
   * (and its credits granted by that invoice), as a portal set to invoice
   * immediately would; a downgrade is not billed until the next renewal.
   */
  async #switchPlan(row: SubscriptionRow, planId: number, trx: TransactionClientContract) {
    const plan = await Plan.query({ client: trx }).where('id', planId).first()
    if (!plan || plan.isFree || plan.interval !== 'month') {
      return { result: { status: 'unknown_plan' as const }, events: [] }
    }
    if (plan.id === row.plan_id) return { result: { status: 'same_plan' as const }, events: [] }
    const current = await Plan.findOrFail(row.plan_id, { client: trx })
    const updated = await this.#update(trx, row, {
      plan_id: plan.id,
      metadata: { ...row.metadata, planId: String(plan.id) },
    })
    const events: StripeEvent[] = [subscriptionEvent('customer.subscription.updated', updated)]
    const charge = switchChargeCents(current, plan)
    const upgrade = charge > 0
    if (upgrade) {
      const number = `${row.period}_${randomBytes(4).toString('hex')}`
      events.push(invoiceEvent(updated, number, charge, 'subscription_update'))
    }
    return {
      result: {
        status: 'changed' as const,
        message: upgrade
          ? `You are now on ${plan.name}: its ${plan.credits.toLocaleString('en-US')} credits are in your balance.`
          : `You are now on ${plan.name}, billed at its price from the next renewal.`,
      },
      events,
    }
  }

  async #update(
    trx: TransactionClientContract,
    row: SubscriptionRow,
    changes: Partial<
      Pick<SubscriptionRow, 'plan_id' | 'status' | 'cancel_at_period_end' | 'metadata'>
    >
  ): Promise<SubscriptionRow> {
    await trx
      .from('local_subscriptions')
      .where('id', row.id)
      .update({
        ...changes,
        ...(changes.metadata && { metadata: JSON.stringify(changes.metadata) }),
        updated_at: new Date(),
      })
    return { ...row, ...changes }
  }
}
