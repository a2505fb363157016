import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CreditBalances, MAX_CREDITS, type Balance } from '#billing/services/credit_balances'
import { debtSettlementReference } from '#billing/ledger_references'
import type { CreditReason } from '#billing/models/credit_ledger_entry'
import { WebhookEvents } from '#core/webhooks/webhook_events'

export type CreditMovementResult =
  | { status: 'applied'; balance: number }
  | { status: 'already_applied' }
  | { status: 'insufficient_credits'; balance: number; missing: number }
  | { status: 'balance_limit'; balance: number }

/**
 * A charge that takes the balance from this many credits or more to fewer
 * sends `credits.low` to the account's webhooks: a minute of video left
 * (docs/decisions.md, Webhooks).
 */
export const LOW_CREDITS_THRESHOLD = 60

/** The most a balance can hold: the `integer` column's ceiling. */
export const MAX_BALANCE = MAX_CREDITS

type Movement = {
  userId: number
  /** Whole credits; each operation decides the sign (only an adjustment takes either). */
  amount: number
  /** Unique per user and operation: the same reference never moves credits twice. */
  reference: string
}

/** Credits given: by the signup, a plan's paid invoice or an operator. */
export type Grant = Movement & {
  reason: Extract<CreditReason, 'signup' | 'plan_grant' | 'admin_grant'>
  note?: string | null
  paymentId?: number | null
}

/** An operator's correction: a positive amount gives credits, a negative one takes them. */
export type Adjustment = Movement & { note?: string | null }

export type Purchase = Movement & { paymentId: number }

/**
 * The credit ledger: every change of a balance is one of these operations,
 * and all of them go through one writer. A ledger row and the cached
 * balance change together, in one transaction; the balance update is
 * conditional, so no interleaving takes it below zero; (user, reason,
 * reference) is unique, so a retried movement never applies twice.
 */
@inject()
export class CreditLedger {
  constructor(
    private balances: CreditBalances,
    private webhooks: WebhookEvents
  ) {}

  /** Credits given: signup, a plan's monthly credits, an operator's grant. Never negative. */
  grant({ amount, ...rest }: Grant, trx?: TransactionClientContract) {
    return this.#write({ ...rest, amount: positive(amount) }, trx)
  }

  /** An operator's adjustment either way (`admin_grant`): credits given or taken back. */
  adjust(movement: Adjustment, trx?: TransactionClientContract) {
    return this.#write({ ...movement, reason: 'admin_grant' }, trx)
  }

  /** Credits spent on a video run; one that leaves the balance low says so to the account's webhooks. */
  charge(movement: Movement, trx?: TransactionClientContract) {
    const debit: LedgerRow = {
      ...movement,
      reason: 'video_charge',
      amount: -positive(movement.amount),
    }
    if (!trx) return db.transaction((ownTrx) => this.#charge(debit, ownTrx))
    return this.#charge(debit, trx)
  }

  /** Credits of a run that did not deliver, given back. */
  refund(movement: Movement, trx?: TransactionClientContract) {
    return this.#write({ ...movement, reason: 'refund', amount: positive(movement.amount) }, trx)
  }

  /** Credits of a paid credit pack. */
  purchase(movement: Purchase, trx?: TransactionClientContract) {
    return this.#write(
      { ...movement, reason: 'pack_purchase', amount: positive(movement.amount) },
      trx
    )
  }

  /**
   * Credits of a refunded payment taken back: what the balance holds now,
   * and the rest (credits already spent) as a debt that the next purchase
   * or plan grant settles first. Never below zero. The caller makes it
   * happen once (a refund's cents are counted on its payment, under a lock).
   */
  async takeBack(movement: Purchase, trx: TransactionClientContract) {
    const amount = positive(movement.amount)
    const user = await this.balances.lock(movement.userId, trx)
    const taken = Math.min(user.credits, amount)
    const owed = amount - taken
    if (owed > 0) {
      await this.balances.setDebt(
        movement.userId,
        Math.min(MAX_BALANCE, user.creditDebt + owed),
        trx
      )
    }
    if (taken > 0) {
      const result = await this.#apply(
        {
          userId: movement.userId,
          amount: -taken,
          reason: 'payment_refund',
          reference: movement.reference,
          paymentId: movement.paymentId,
          note: owed > 0 ? `${owed} credits already spent are owed` : null,
        },
        trx
      )
      if (result.status !== 'applied') {
        throw new Error(
          `A refund under a row lock could not take ${taken} credits: ${result.status}`
        )
      }
    }
    return { taken, owed }
  }

  async #charge(debit: LedgerRow, trx: TransactionClientContract) {
    const result = await this.#apply(debit, trx)
    if (result.status !== 'applied') return result
    const before = result.balance - debit.amount
    if (before >= LOW_CREDITS_THRESHOLD && result.balance < LOW_CREDITS_THRESHOLD) {
      await this.webhooks.publish(
        debit.userId,
        'credits.low',
        { credits: { balance: result.balance, threshold: LOW_CREDITS_THRESHOLD } },
        trx
      )
    }
    return result
  }

  async #write(
    movement: LedgerRow,
    trx?: TransactionClientContract
  ): Promise<CreditMovementResult> {
    if (!trx) {
      return db.transaction((ownTrx) => this.#apply(movement, ownTrx))
    }
    return this.#apply(movement, trx)
  }

  async #apply(
    { userId, amount, reason, reference, note, paymentId }: LedgerRow,
    trx: TransactionClientContract
  ): Promise<CreditMovementResult> {
    if (!Number.isSafeInteger(amount) || amount === 0) {
      throw new RangeError(`A ledger movement is a non-zero whole number of credits, not ${amount}`)
    }
    const existing = await trx
      .from('credit_ledger')
      .where({ user_id: userId, reason, reference })
      .first()
    if (existing) {
      return { status: 'already_applied' }
    }

    // One conditional update: never below zero, never past the ceiling.
    const updated = await this.balances.move(userId, amount, trx)

    if (!updated) {
      const balance = await this.balances.current(userId, trx)
      if (amount > 0) return { status: 'balance_limit', balance }
      return { status: 'insufficient_credits', balance, missing: -amount - balance }
    }

    await trx.table('credit_ledger').insert({
      user_id: userId,
      amount,
      reason,
      reference,
      note: note ?? null,
      payment_id: paymentId ?? null,
      balance_after: updated.credits,
    })
    if (updated.creditDebt > 0 && SETTLES_DEBT.has(reason)) {
      return this.#settleDebt({ userId, reason, reference, paymentId }, updated, trx)
    }
    return { status: 'applied', balance: updated.credits }
  }

  /** Credits owed from an earlier refund, taken from what was just bought. */
  async #settleDebt(
    { userId, reason, reference, paymentId }: Omit<LedgerRow, 'amount'>,
    user: Balance,
    trx: TransactionClientContract
  ): Promise<CreditMovementResult> {
    const settled = Math.min(user.credits, user.creditDebt)
    const balance = await this.balances.settleDebt(userId, settled, trx)
    await trx.table('credit_ledger').insert({
      user_id: userId,
      amount: -settled,
      reason: 'debt_settlement',
      reference: debtSettlementReference(reason, reference),
      note: 'Credits owed from a refunded payment',
      payment_id: paymentId ?? null,
      balance_after: balance,
    })
    return { status: 'applied', balance }
  }
}

/** Movements that pay an earlier refund's debt first: money coming in. */
const SETTLES_DEBT = new Set<CreditReason>(['pack_purchase', 'plan_grant'])

type LedgerRow = Movement & {
  reason: CreditReason
  note?: string | null
  paymentId?: number | null
}

function positive(amount: number) {
  if (!(amount > 0)) {
    throw new RangeError(`Expected a positive number of credits, got ${amount}`)
  }
  return amount
}
