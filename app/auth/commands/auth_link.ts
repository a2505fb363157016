import { BaseCommand, args } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import vine from '@vinejs/vine'
import { RequestSignIn } from '#auth/actions/request_sign_in'

export default class AuthLink extends BaseCommand {
  static commandName = 'auth:link'
  static description =
    'Print a one-time sign-in link and code for an email (creates nothing until used)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Email address to sign in as' })
  declare email: string

  async run() {
    const [error, email] = await vine.tryValidate({
      schema: vine.string().trim().toLowerCase().email(),
      data: this.email,
    })
    if (error) {
      this.logger.error('Please enter a valid email address.')
      this.exitCode = 1
      return
    }
    const requestSignIn = await this.app.container.make(RequestSignIn)
    const { link, code } = await requestSignIn.issue(email)
    this.logger.info(`Sign-in link for ${email} (single use):`)
    this.logger.log(link)
    this.logger.info(`Code: ${code}`)
  }
}
