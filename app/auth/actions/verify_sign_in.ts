import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { signIn } from '#config/auth'
import type User from '#auth/models/user'
import { signInSecrets } from '#auth/services/sign_in_secrets'
import { SignInThrottle } from '#auth/services/sign_in_throttle'
import { FindOrCreateAccount } from '#auth/actions/find_or_create_account'

export type VerifySignInResult =
  | { status: 'signed_in'; user: User; isNewUser: boolean }
  | { status: 'invalid' }
  | { status: 'rate_limited'; retryAfter: number }

/**
 * Turns a link token or a 6-digit code into a signed-in account. A challenge
 * is consumed by a conditional update, so two requests racing with the same
 * secret can't both succeed; five wrong codes void it.
 */
@inject()
export class VerifySignIn {
  constructor(
    private accounts: FindOrCreateAccount,
    private throttle: SignInThrottle
  ) {}

  async withLink(token: string): Promise<VerifySignInResult> {
    return db.transaction(async (trx) => {
      const [challenge] = await this.#liveChallenges(trx)
        .where('token_hash', signInSecrets.hashToken(token))
        .update({ consumed_at: new Date() })
        .returning(['email'])
      if (!challenge) {
        return { status: 'invalid' } as const
      }
      return { status: 'signed_in', ...(await this.accounts.handle(challenge.email, trx)) } as const
    })
  }

  async withCode(email: string, code: string): Promise<VerifySignInResult> {
    const throttled = await this.throttle.allowVerify(email)
    if (!throttled.allowed) {
      return { status: 'rate_limited', retryAfter: throttled.retryAfter }
    }

    return db.transaction(async (trx) => {
      const challenge = await this.#liveChallenges(trx)
        .where('email', email)
        .orderBy('id', 'desc')
        .forUpdate()
        .first()
      if (!challenge) {
        return { status: 'invalid' } as const
      }

      if (!signInSecrets.sameHash(challenge.code_hash, signInSecrets.hashCode(email, code))) {
        const attempts = challenge.failed_attempts + 1
        await trx
          .from('sign_in_challenges')
          .where('id', challenge.id)
          .update({
            failed_attempts: attempts,
            consumed_at: attempts >= signIn.maxCodeAttempts ? new Date() : null,
          })
        return { status: 'invalid' } as const
      }

      await trx
        .from('sign_in_challenges')
        .where('id', challenge.id)
        .update({ consumed_at: new Date() })
      return { status: 'signed_in', ...(await this.accounts.handle(email, trx)) } as const
    })
  }

  #liveChallenges(trx: TransactionClientContract) {
    return trx
      .from('sign_in_challenges')
      .whereNull('consumed_at')
      .where('expires_at', '>', new Date())
  }
}
