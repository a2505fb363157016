import { BaseMail } from '@adonisjs/mail'

/**
 * One message holding both ways in: the magic link and the 6-digit code.
 */
export default class SignInMail extends BaseMail {
  subject = 'Your Reelforge sign-in link and code'

  constructor(
    private email: string,
    private link: string,
    private code: string,
    private expiresInMinutes: number
  ) {
    super()
  }

  prepare() {
    this.message.to(this.email)
    this.message.htmlView('emails/sign_in', {
      link: this.link,
      code: this.code,
      expiresInMinutes: this.expiresInMinutes,
    })
    this.message.text(
      [
        'Sign in to Reelforge',
        '',
        `Open this link to sign in: ${this.link}`,
        '',
        `Or enter this code: ${this.code}`,
        '',
        `The link and the code work once and expire in ${this.expiresInMinutes} minutes.`,
        "If you didn't ask to sign in, you can ignore this email.",
      ].join('\n')
    )
  }
}
