import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { Captcha } from '#auth/services/captcha'
import { FindOrCreateAccount } from '#auth/actions/find_or_create_account'
import type User from '#auth/models/user'
import { CreditLedger } from '#billing/services/credit_ledger'
import { startFakeTurnstile } from '#tests/helpers/fake_turnstile'

/**
 * Turns Turnstile on for one test, against the local fake.
 */
export async function enableCaptcha(cleanup: (fn: () => Promise<void> | void) => void) {
  const fake = await startFakeTurnstile()
  app.container.swap(
    Captcha,
    () => new Captcha({ siteKey: 'test-site-key', secretKey: 'test-secret', verifyUrl: fake.url })
  )
  cleanup(async () => {
    app.container.restore(Captcha)
    await fake.close()
  })
  return fake
}

export type CaughtMail = ReturnType<typeof mail.fake>['mails']

/**
 * Catches mail for one test.
 */
export function fakeMail(cleanup: (fn: () => void) => void): CaughtMail {
  const fake = mail.fake()
  cleanup(() => mail.restore())
  return fake.mails
}

/**
 * The link and code from the last sign-in mail caught.
 */
export function lastSignInMail(messages: CaughtMail) {
  const sent = messages.sent()
  const message = sent[sent.length - 1]
  if (!message) {
    throw new Error('no mail was sent')
  }
  const text = String(message.message.nodeMailerMessage.text)
  const link = text.match(/https?:\/\/\S+\/auth\/callback\?token=([\w-]+)/)
  const code = text.match(/code: (\d{6})/)
  return {
    to: message.message.nodeMailerMessage.to,
    link: link![0],
    token: link![1],
    code: code![1],
  }
}

export async function createAccount(email: string) {
  const accounts = await app.container.make(FindOrCreateAccount)
  const { user } = await db.transaction((trx) => accounts.handle(email, trx))
  return user
}

/** Credits an operator grants by hand: through the ledger, as the admin area will. */
export async function grantCredits(user: User, amount: number, reference = 'test') {
  const ledger = await app.container.make(CreditLedger)
  await ledger.grant({ userId: user.id, amount, reason: 'admin_grant', reference })
}
