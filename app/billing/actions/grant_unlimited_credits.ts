import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { CreditLedger } from '#billing/services/credit_ledger'

export const UNLIMITED_CREDITS = 999_999

/**
 * The operator's 'Admin Credits': their balance set to 999,999 by one
 * admin_grant of the difference, with the balance read under a row lock so
 * a concurrent charge cannot make the sum miss.
 */
@inject()
export class GrantUnlimitedCredits {
  constructor(private ledger: CreditLedger) {}

  async handle(userId: number): Promise<{ balance: number }> {
    return db.transaction(async (trx) => {
      const user = await trx.from('users').where('id', userId).forUpdate().firstOrFail()
      const difference = UNLIMITED_CREDITS - user.credits
      if (difference === 0) return { balance: user.credits }
      const result = await this.ledger.grant(
        {
          userId,
          amount: difference,
          reason: 'admin_grant',
          reference: `admin-unlimited:${randomUUID()}`,
          note: 'Admin Credits: balance set to 999,999',
        },
        trx
      )
      if (result.status !== 'applied') {
        throw new Error(`The unlimited-credits grant was not applied: ${result.status}`)
      }
      return { balance: result.balance }
    })
  }
}
