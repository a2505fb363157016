import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { CreditReason } from '#billing/models/credit_ledger_entry'

export type CreditMovementResult =
  | { status: 'applied'; balance: number }
  | { status: 'already_applied' }
  | { status: 'insufficient_credits'; balance: number; missing: number }

type Movement = {
  userId: number
  /** Whole credits; each operation decides the sign (a grant may be negative). */
  amount: number
  /** Unique per user and operation: the same reference never moves credits twice. */
  reference: string
}

/** What an operator (or the signup) gives: an adjustment, so it may take credits back. */
export type Grant = Movement & {
  reason: Extract<CreditReason, 'signup' | 'plan_grant' | 'admin_grant'>
  note?: string | null
  paymentId?: number | null
}

export type Purchase = Movement & { paymentId: number }

/**
 * The credit ledger: every change of a balance is one of these operations,
 * and all of them go through one writer. A ledger row and the cached
 * balance change together, in one transaction; the balance update is
 * conditional, so no interleaving takes it below zero; (user, reason,
 * reference) is unique, so a retried movement never applies twice.
 */
export class CreditLedger {
  /** Credits given: signup, a plan's monthly credits, an operator's adjustment. */
  grant({ reason, amount, ...rest }: Grant, trx?: TransactionClientContract) {
    return this.#write({ ...rest, reason, amount }, trx)
  }

  /** Credits spent on a video run. */
  charge(movement: Movement, trx?: TransactionClientContract) {
    return this.#write(
      { ...movement, reason: 'video_charge', amount: -positive(movement.amount) },
      trx
    )
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

    const [updated] = await trx
      .from('users')
      .where('id', userId)
      .whereRaw('credits + ? >= 0', [amount])
      .update({ credits: trx.raw('credits + ?', [amount]), updated_at: new Date() })
      .returning('credits')

    if (!updated) {
      const user = await trx.from('users').where('id', userId).select('credits').firstOrFail()
      return {
        status: 'insufficient_credits',
        balance: user.credits,
        missing: -amount - user.credits,
      }
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
    return { status: 'applied', balance: updated.credits }
  }
}

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
