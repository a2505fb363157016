import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { CreditBalances } from '#billing/services/credit_balances'
import { operatorReference } from '#billing/ledger_references'
import { CreditLedger } from '#billing/services/credit_ledger'

export const UNLIMITED_CREDITS = 999_999

/**
 * The operator's 'Admin Credits': their balance set to 999,999 by one
 * admin_grant of the difference, with the balance read under a row lock so
 * a concurrent charge cannot make the sum miss.
 */
@inject()
export class GrantUnlimitedCredits {
  constructor(
    private ledger: CreditLedger,
    private balances: CreditBalances
  ) {}

  async handle(userId: number): Promise<{ balance: number }> {
    return db.transaction(async (trx) => {
      const user = await this.balances.lock(userId, trx)
      const difference = UNLIMITED_CREDITS - user.credits
      if (difference === 0) return { balance: user.credits }
      // Usually a grant; an operator holding more than 999,999 comes down to it.
      const result = await this.ledger.adjust(
        {
          userId,
          amount: difference,
          reference: operatorReference('admin-unlimited'),
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
