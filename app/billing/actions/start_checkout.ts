import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import type User from '#auth/models/user'
import type BillingAccount from '#billing/models/billing_account'
import { BillingAccounts } from '#billing/services/billing_accounts'
import Coupon from '#billing/models/coupon'
import CreditPack from '#billing/models/credit_pack'
import Payment from '#billing/models/payment'
import Plan from '#billing/models/plan'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { toCents } from '#billing/money'

export type CheckoutInput = {
  planId?: number
  priceId?: string | null
  credits?: number
  amount?: number
  couponCode?: string | null
}

export type CouponRefusal = 'unknown' | 'disabled' | 'expired' | 'used_up'

export type StartCheckoutResult =
  | { status: 'created'; url: string }
  | { status: 'unknown_plan' }
  | { status: 'already_subscribed' }
  | { status: 'unknown_pack' }
  | { status: 'coupon_refused'; reason: CouponRefusal }
  | { status: 'gateway_failed' }

/**
 * Starts a checkout: a plan in subscription mode, a pack in payment mode,
 * priced from our own tables (the client's amount and credits only select a
 * pack and must match one). Creates or reuses the customer, applies a
 * valid coupon, and records the pending payment the webhook completes.
 */
@inject()
export class StartCheckout {
  constructor(
    private gateway: PaymentGateway,
    private accounts: BillingAccounts
  ) {}

  async handle(
    user: User,
    input: CheckoutInput,
    urls: { success: string; cancel: string }
  ): Promise<StartCheckoutResult> {
    const account = await this.accounts.of(user.id)
    const item =
      input.planId === undefined ? await this.#pack(input) : await this.#plan(account, input)
    if (item.status !== 'priced') return item

    let coupon: Coupon | null = null
    if (input.couponCode) {
      coupon = await Coupon.findBy('code', input.couponCode)
      const refusal = couponRefusal(coupon)
      if (refusal) return { status: 'coupon_refused', reason: refusal }
    }

    let payment: Payment | null = null
    try {
      const customerId = await this.gateway.ensureCustomer({
        id: user.id,
        email: user.email,
        stripeCustomerId: account.stripeCustomerId,
      })
      await this.accounts.linkCustomer(account, customerId)
      if (coupon) {
        const stripeCouponId = await this.gateway.ensureCoupon(coupon)
        if (stripeCouponId !== coupon.stripeCouponId) {
          await coupon.merge({ stripeCouponId }).save()
        }
      }
      const amountCents = coupon ? coupon.apply(item.priceCents) : item.priceCents
      payment = await Payment.create({
        userId: user.id,
        kind: item.kind,
        status: 'pending',
        amountCents,
        currency: 'usd',
        credits: item.credits,
        creditPackId: item.kind === 'pack' ? item.id : null,
        planId: item.kind === 'subscription' ? item.id : null,
        couponId: coupon?.id ?? null,
      })
      const session = await this.gateway.createCheckoutSession({
        userId: user.id,
        customerId,
        mode: item.kind === 'pack' ? 'payment' : 'subscription',
        item: {
          name: item.name,
          description: item.description,
          amountCents: item.priceCents,
          stripePriceId: item.stripePriceId,
        },
        coupon,
        metadata: {
          userId: String(user.id),
          paymentId: String(payment.id),
          ...(item.kind === 'pack'
            ? { creditPackId: String(item.id) }
            : { planId: String(item.id) }),
          ...(coupon && { couponId: String(coupon.id) }),
        },
        successUrl: urls.success,
        cancelUrl: urls.cancel,
      })
      await payment.merge({ stripeCheckoutSessionId: session.id }).save()
      return { status: 'created', url: session.url }
    } catch (error) {
      logger.error({ err: error }, 'checkout session could not be created')
      // Nothing was sold: no pending row stays behind.
      await payment?.delete()
      return { status: 'gateway_failed' }
    }
  }

  async #plan(account: BillingAccount, { planId, priceId }: CheckoutInput) {
    const plan = await Plan.find(planId)
    if (!plan || plan.isFree || plan.interval !== 'month') {
      return { status: 'unknown_plan' } as const
    }
    if (priceId && priceId !== plan.stripePriceId) {
      return { status: 'unknown_plan' } as const
    }
    if (account.stripeSubscriptionId) {
      return { status: 'already_subscribed' } as const
    }
    return {
      status: 'priced' as const,
      kind: 'subscription' as const,
      id: plan.id,
      name: `Reelforge ${plan.name}`,
      description: `${plan.credits.toLocaleString('en-US')} credits every month`,
      priceCents: plan.priceCents,
      credits: plan.credits,
      stripePriceId: plan.stripePriceId,
    }
  }

  async #pack({ credits, amount }: CheckoutInput) {
    const pack = await CreditPack.query()
      .where('is_active', true)
      .where('credits', credits!)
      .where('price_cents', toCents(amount!))
      .first()
    if (!pack) {
      return { status: 'unknown_pack' } as const
    }
    return {
      status: 'priced' as const,
      kind: 'pack' as const,
      id: pack.id,
      name: `${pack.credits.toLocaleString('en-US')} credits`,
      description: 'Reelforge credit pack (one credit per second of video)',
      priceCents: pack.priceCents,
      credits: pack.credits,
      stripePriceId: null,
    }
  }
}

function couponRefusal(coupon: Coupon | null): CouponRefusal | null {
  if (!coupon) return 'unknown'
  if (!coupon.isActive) return 'disabled'
  if (coupon.expiresAt && coupon.expiresAt <= DateTime.now()) return 'expired'
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return 'used_up'
  return null
}
