import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { DevMailboxTransport } from '#auth/mails/dev_mailbox_transport'

const smtpHost = env.get('SMTP_HOST')

/**
 * Whether sign-in mail can go out at all: SMTP anywhere, or the dev mailbox
 * outside production.
 */
export const mailAvailable = Boolean(smtpHost) || !app.inProduction

const mailConfig = defineConfig({
  default: smtpHost ? 'smtp' : 'devMailbox',
  from: env.get('MAIL_FROM', 'Reelforge <no-reply@reelforge.local>'),
  mailers: {
    smtp: transports.smtp({
      host: smtpHost ?? 'localhost',
      port: env.get('SMTP_PORT', 587),
      secure: env.get('SMTP_SECURE', false),
      auth: env.get('SMTP_USERNAME')
        ? {
            type: 'login',
            user: env.get('SMTP_USERNAME')!,
            pass: env.get('SMTP_PASSWORD')?.release() ?? '',
          }
        : undefined,
    }),
    devMailbox: () => new DevMailboxTransport(),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
