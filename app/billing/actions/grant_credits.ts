import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { CreditReason } from '#billing/models/credit_ledger_entry'

export type CreditMovement = {
  userId: number
  amount: number
  reason: CreditReason
  reference: string
}

export type CreditMovementResult =
  | { status: 'applied'; balance: number }
  | { status: 'already_applied' }
  | { status: 'insufficient_credits'; balance: number; missing: number }

/**
 * Moves credits: one ledger row and the cached balance change together, in
 * one transaction. The balance update is conditional, so no interleaving can
 * take it below zero, and (user, reason, reference) is unique, so retrying a
 * movement never applies it twice.
 */
export class GrantCredits {
  async handle(
    movement: CreditMovement,
    trx?: TransactionClientContract
  ): Promise<CreditMovementResult> {
    if (!trx) {
      return db.transaction((ownTrx) => this.#apply(movement, ownTrx))
    }
    return this.#apply(movement, trx)
  }

  async #apply(
    { userId, amount, reason, reference }: CreditMovement,
    trx: TransactionClientContract
  ): Promise<CreditMovementResult> {
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
      balance_after: updated.credits,
    })
    return { status: 'applied', balance: updated.credits }
  }
}
