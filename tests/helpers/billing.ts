import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#auth/models/user'
import BillingAccount from '#billing/models/billing_account'
import Coupon from '#billing/models/coupon'
import CreditPack from '#billing/models/credit_pack'
import Payment from '#billing/models/payment'
import Plan from '#billing/models/plan'
import { PlanEffects } from '#billing/queries/plan_effects'
import { CreditLedger } from '#billing/services/credit_ledger'
import { grantCredits } from '#tests/helpers/auth'
import env from '#start/env'

/** The user's billing account as it is now: plan, balance, credits owed, Stripe links. */
export async function accountOf(user: Pick<User, 'id'>) {
  return BillingAccount.findOrFail(user.id)
}

/** The user's balance as it is now. */
export async function balanceOf(user: Pick<User, 'id'>) {
  const { credits } = await accountOf(user)
  return credits
}

/** The plan the user's billing account is on now. */
export async function planOf(user: Pick<User, 'id'>) {
  const { plan } = await accountOf(user)
  return plan
}

/** One field of the user's billing account as it is now (a Stripe link, the credits owed). */
export async function accountValue<Field extends keyof BillingAccount>(
  user: Pick<User, 'id'>,
  field: Field
) {
  const account = await accountOf(user)
  return account[field]
}

/** A test's setup of a user's billing account (a plan, a Stripe customer) without the events that set it. */
export async function setAccount(
  user: Pick<User, 'id'>,
  fields: Partial<
    Pick<BillingAccount, 'plan' | 'credits' | 'stripeCustomerId' | 'stripeSubscriptionId'>
  >
) {
  const account = await accountOf(user)
  await account.merge(fields).save()
  return account
}

export async function planBySlug(slug: 'free' | 'pro' | 'agency') {
  return Plan.findByOrFail('slug', slug)
}

export async function packWith(credits: number) {
  return CreditPack.findByOrFail('credits', credits)
}

export async function createCoupon(values: Partial<Coupon> & { code: string }) {
  return Coupon.create({
    discountType: 'percentage',
    discountValue: 20,
    usageLimit: null,
    usageCount: 0,
    expiresAt: DateTime.now().plus({ days: 7 }),
    isActive: true,
    ...values,
  })
}

/** The user's ledger as rows a test can compare. */
export async function ledgerOf(user: User) {
  return db
    .from('credit_ledger')
    .where('user_id', user.id)
    .orderBy('id')
    .select('amount', 'reason', 'reference', 'payment_id')
}

/** The invariant every scenario ends on: balance = Σ ledger, never below zero. */
export async function assertBalanceIsLedger(
  assert: {
    equal: (a: unknown, b: unknown, message?: string) => void
    isAtLeast: (a: number, b: number) => void
  },
  user: User
) {
  const { credits } = await accountOf(user)
  const [{ total }] = await db
    .from('credit_ledger')
    .where('user_id', user.id)
    .sum('amount as total')
  assert.equal(credits, Number(total), 'balance = Σ ledger')
  assert.isAtLeast(credits, 0)
  return credits
}

/** What the user's plan does now: plan, balance (= Σ ledger), render, watermark, API. */
export async function planEffectsOf(
  assert: Parameters<typeof assertBalanceIsLedger>[0],
  user: User
) {
  const planEffects = new PlanEffects()
  const render = await planEffects.forUser(user.id)
  return {
    plan: await planOf(user),
    credits: await assertBalanceIsLedger(assert, user),
    quality: render.quality,
    watermark: render.watermark,
    api: await planEffects.apiAccess(user.id),
  }
}

/**
 * Polls GET /health every 25 ms until stopped: what a load balancer would
 * see while a burst runs. Each answer's status and time in milliseconds.
 */
export function watchHealth() {
  const answers: { status: number; ms: number }[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/health`)
      await response.arrayBuffer()
      answers.push({ status: response.status, ms: performance.now() - started })
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  })()
  return async () => {
    running = false
    await loop
    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b)
    return {
      statuses: [...new Set(answers.map((answer) => answer.status))],
      count: answers.length,
      p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0,
    }
  }
}

/**
 * A pending pack payment, as checkout leaves it, and the signed-event body
 * Stripe sends once it is paid (`tag` tells apart several of one user's).
 */
export async function paidPackSession(
  user: User,
  credits: number,
  { couponId = null, tag = 'paid' }: { couponId?: number | null; tag?: string } = {}
) {
  const pack = await packWith(credits)
  await setAccount(user, { stripeCustomerId: `cus_${user.id}` })
  const payment = await Payment.create({
    userId: user.id,
    kind: 'pack',
    status: 'pending',
    amountCents: pack.priceCents,
    currency: 'usd',
    credits: pack.credits,
    creditPackId: pack.id,
    couponId,
    stripeCheckoutSessionId: `cs_${tag}_${user.id}`,
  })
  const event = {
    id: `evt_${tag}_${user.id}`,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${tag}_${user.id}`,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${tag}_${user.id}`,
        customer: `cus_${user.id}`,
        client_reference_id: String(user.id),
        amount_total: pack.priceCents,
        metadata: { userId: String(user.id), paymentId: String(payment.id) },
      },
    },
  }
  return { pack, payment, event }
}

/**
 * The balance set to `credits` through the ledger: a grant, or a charge as a
 * render makes it (so a crossing of the low-credits line is an event).
 */
export async function setBalance(user: User, credits: number, reference = 'test-start') {
  const balance = await balanceOf(user)
  if (balance < credits) await grantCredits(user, credits - balance, reference)
  if (balance > credits) {
    const ledger = await app.container.make(CreditLedger)
    await ledger.charge({ userId: user.id, amount: balance - credits, reference })
  }
}
