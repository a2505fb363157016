import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { signIn } from '#config/auth'
import { mailAvailable } from '#config/mail'
import SignInMail from '#auth/mails/sign_in_mail'
import { signInLink } from '#auth/services/sign_in_link'
import { signInSecrets } from '#auth/services/sign_in_secrets'
import { SignInThrottle } from '#auth/services/sign_in_throttle'

export type RequestSignInResult =
  | { status: 'sent' }
  | { status: 'rate_limited'; retryAfter: number }
  | { status: 'mail_unavailable' }
  | { status: 'mail_failed' }

/**
 * Emails a fresh sign-in link and code, voiding earlier ones for the same
 * address. Answers the same whether or not an account exists.
 */
@inject()
export class RequestSignIn {
  constructor(private throttle: SignInThrottle) {}

  async handle(input: { email: string; ip: string }): Promise<RequestSignInResult> {
    if (!mailAvailable) {
      return { status: 'mail_unavailable' }
    }
    const throttled = await this.throttle.allowSend(input.email, input.ip)
    if (!throttled.allowed) {
      return { status: 'rate_limited', retryAfter: throttled.retryAfter }
    }

    const { link, code, challengeId } = await this.issue(input.email)
    try {
      await mail.send(new SignInMail(input.email, link, code, signIn.challengeTtlMinutes))
    } catch (error) {
      logger.error({ err: error }, 'sign-in mail could not be sent')
      await db
        .from('sign_in_challenges')
        .where('id', challengeId)
        .update({ consumed_at: new Date() })
      return { status: 'mail_failed' }
    }
    return { status: 'sent' }
  }

  /**
   * A new challenge; also used by `auth:link`. The link is built before
   * anything is written, and the earlier challenges are voided in the same
   * transaction that stores the new one: a failure leaves the live one usable.
   */
  async issue(email: string) {
    const token = signInSecrets.newToken()
    const code = signInSecrets.newCode()
    const link = signInLink(token)
    const challengeId = await db.transaction(async (trx) => {
      await trx
        .from('sign_in_challenges')
        .where('email', email)
        .whereNull('consumed_at')
        .update({ consumed_at: new Date() })
      const [row] = await trx
        .table('sign_in_challenges')
        .insert({
          email,
          token_hash: signInSecrets.hashToken(token),
          code_hash: signInSecrets.hashCode(email, code),
          expires_at: DateTime.now().plus({ minutes: signIn.challengeTtlMinutes }).toJSDate(),
        })
        .returning('id')
      return row.id as number
    })
    return { link, code, challengeId }
  }
}
