import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#auth/models/user'
import { SignupCredits } from '#auth/contracts/signup_credits'

/**
 * The account for a verified email, created on first sign-in together with
 * its signup credit grant (same transaction).
 */
@inject()
export class FindOrCreateAccount {
  constructor(private signupCredits: SignupCredits) {}

  async handle(email: string, trx: TransactionClientContract) {
    const existing = await User.query({ client: trx }).where('email', email).first()
    if (existing) {
      return { user: existing, isNewUser: false }
    }

    const inserted = await trx
      .insertQuery()
      .table('users')
      .insert({
        email,
        username: email.split('@')[0] || 'user',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .onConflict('email')
      .ignore()
      .returning('id')
    const user = await User.query({ client: trx }).where('email', email).firstOrFail()
    if (inserted.length === 0) {
      return { user, isNewUser: false }
    }

    await this.signupCredits.grant(user, trx)
    await user.refresh()
    return { user, isNewUser: true }
  }
}
