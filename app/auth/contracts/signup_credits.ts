import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#auth/models/user'

/**
 * What a new account receives. Auth calls it; billing implements it (the
 * free plan's credits, granted through the ledger) and binds it at boot, so
 * auth never imports billing.
 */
export abstract class SignupCredits {
  abstract amount(): Promise<number>
  abstract grant(user: User, trx: TransactionClientContract): Promise<void>
}
