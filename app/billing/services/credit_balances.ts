import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** The most a balance can hold: the `billing_accounts.credits` integer column's ceiling. */
export const MAX_CREDITS = 2_147_483_647

export type Balance = { credits: number; creditDebt: number }

/**
 * The cached balance on an account (`billing_accounts.credits`,
 * `credit_debt`). The credit ledger is their one writer and calls these
 * inside the transaction that writes its ledger row, so a balance and its
 * ledger change together.
 */
export class CreditBalances {
  /** The balance, its row locked until the transaction ends. */
  async lock(userId: number, trx: TransactionClientContract): Promise<Balance> {
    const row = await trx
      .from('billing_accounts')
      .where('user_id', userId)
      .forUpdate()
      .select('credits', 'credit_debt')
      .firstOrFail()
    return { credits: row.credits, creditDebt: row.credit_debt }
  }

  /** The balance as it is now. */
  async current(userId: number, client: TransactionClientContract | typeof db = db) {
    const row = await client
      .from('billing_accounts')
      .where('user_id', userId)
      .select('credits')
      .firstOrFail()
    return row.credits as number
  }

  /**
   * Adds `amount` (negative takes away) by one conditional update that
   * refuses a balance below zero or past the ceiling. Null when refused.
   */
  async move(
    userId: number,
    amount: number,
    trx: TransactionClientContract
  ): Promise<Balance | null> {
    // Summed as bigint: a sum past the column's ceiling is refused, not an overflow error.
    const [updated] = await trx
      .from('billing_accounts')
      .where('user_id', userId)
      .whereRaw('credits::bigint + ?::bigint between 0 and ?', [amount, MAX_CREDITS])
      .update({ credits: trx.raw('credits + ?', [amount]), updated_at: new Date() })
      .returning(['credits', 'credit_debt'])
    return updated ? { credits: updated.credits, creditDebt: updated.credit_debt } : null
  }

  /** The credits owed from refunds, set on a row the caller has locked. */
  async setDebt(userId: number, creditDebt: number, trx: TransactionClientContract) {
    await trx.from('billing_accounts').where('user_id', userId).update({ credit_debt: creditDebt })
  }

  /** `settled` credits taken from the balance and the debt alike; the balance after. */
  async settleDebt(userId: number, settled: number, trx: TransactionClientContract) {
    const [after] = await trx
      .from('billing_accounts')
      .where('user_id', userId)
      .update({
        credits: trx.raw('credits - ?', [settled]),
        credit_debt: trx.raw('credit_debt - ?', [settled]),
      })
      .returning('credits')
    return after.credits as number
  }
}
