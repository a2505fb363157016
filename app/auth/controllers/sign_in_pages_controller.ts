import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { mailAvailable } from '#config/mail'
import { Captcha } from '#auth/services/captcha'
import { SignupCredits } from '#auth/contracts/signup_credits'

@inject()
export default class SignInPagesController {
  constructor(
    private captcha: Captcha,
    private signupCredits: SignupCredits
  ) {}

  async signIn({ inertia, request }: HttpContext) {
    return inertia.render('auth/sign_in', {
      captchaSiteKey: this.captcha.siteKey,
      signupCredits: await this.signupCredits.amount(),
      initialMode: request.input('mode') === 'signup' ? 'sign_up' : 'sign_in',
    })
  }

  async callback({ inertia }: HttpContext) {
    return inertia.render('auth/callback', {})
  }

  async testAuth({ inertia }: HttpContext) {
    return inertia.render('auth/test_auth', {
      captchaSiteKey: this.captcha.siteKey,
      mailAvailable,
    })
  }
}
