import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type BillingAccount from '#billing/models/billing_account'
import { BillingAccounts } from '#billing/services/billing_accounts'
import Coupon from '#billing/models/coupon'
import type Payment from '#billing/models/payment'
import Plan from '#billing/models/plan'
import type { SubscriptionSnapshot } from '#billing/gateway/payment_gateway'
import type { CreditMovementResult } from '#billing/services/credit_ledger'
import type { StripeReference } from '#billing/validators/stripe_events'
import { isDatabaseId } from '#core/database_id'

/** Subscription states in which the plan's features stay on. */
const LIVE = new Set(['active', 'trialing', 'past_due'])
/** States after which the subscription will never bill again. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired'])

/**
 * The rows more than one event family writes: the account an event is
 * about, its plan, its subscription and the settling of a payment. Every
 * method runs inside the dispatcher's transaction.
 */
@inject()
export class StripeEventRows {
  constructor(private accounts: BillingAccounts) {}

  /** The account an event is about, locked: one event per account at a time. */
  lockAccount(
    trx: TransactionClientContract,
    { userId, customerId }: { userId?: string | null; customerId?: string | null }
  ) {
    return this.accounts.lock(trx, {
      customerId,
      userId: userId && isDatabaseId(userId) ? Number(userId) : null,
    })
  }

  linkCustomer(account: BillingAccount, customerId: string) {
    return this.accounts.linkCustomer(account, customerId)
  }

  async planFor(
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

  /**
   * The user's plan as the subscription now is: its plan while it runs,
   * free once it has ended (unless the user has moved on to another one).
   */
  async applySubscription(
    account: BillingAccount,
    snapshot: SubscriptionSnapshot,
    trx: TransactionClientContract
  ) {
    await this.#recordSubscription(account, snapshot, trx)
    if (LIVE.has(snapshot.status)) {
      const plan = await this.planFor(snapshot, trx)
      if (!plan) return ignoreUnknown('plan for subscription', snapshot.id)
      await this.accounts.setPlan(account, plan.tier, snapshot.id)
    } else if (
      ENDED.has(snapshot.status) &&
      (account.stripeSubscriptionId === snapshot.id || account.stripeSubscriptionId === null)
    ) {
      await this.accounts.setPlan(account, 'free', null)
    }
  }

  /**
   * A payment ends once: completed with its credits, or failed with the
   * reason its credits could not be added (the operator refunds it). Its
   * coupon counts one use then, unless the checkout already counted it.
   */
  async settle(
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

  /** The subscription as this reading says it is: what /billing says about renewal. */
  async #recordSubscription(
    account: BillingAccount,
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
      .insert({ id: snapshot.id, user_id: account.userId, ...state })
      .onConflict('id')
      .merge(state)
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
}

export function idOf(value: StripeReference | null | undefined) {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

/** An event about a row we do not have: logged and acknowledged. */
export function ignoreUnknown(what: string, id: string | undefined) {
  logger.warn({ id }, `stripe event ignored: unknown ${what}`)
}
