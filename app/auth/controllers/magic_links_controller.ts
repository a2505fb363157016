import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Captcha } from '#auth/services/captcha'
import { RequestSignIn } from '#auth/actions/request_sign_in'
import { requestSignInValidator } from '#auth/validators/sign_in'
import { tooManyRequests } from '#core/http/too_many_requests'
import { captchaFailure } from '#auth/controllers/responses'

@inject()
export default class MagicLinksController {
  constructor(
    private captcha: Captcha,
    private requestSignIn: RequestSignIn
  ) {}

  /**
   * Sends the sign-in link and code. The answer never says whether an
   * account exists for the address.
   */
  async store({ request, response }: HttpContext) {
    const { email, captchaToken } = await request.validateUsing(requestSignInValidator)

    const captcha = await this.captcha.verify(captchaToken, request.ip())
    if (captcha !== 'passed') {
      return captchaFailure(response, captcha)
    }

    const result = await this.requestSignIn.handle({ email, ip: request.ip() })
    switch (result.status) {
      case 'sent':
        return response.ok({ message: 'Magic link sent!', email })
      case 'rate_limited':
        return tooManyRequests(response, result.retryAfter)
      case 'mail_unavailable':
        return response.serviceUnavailable({
          code: 'mail_unavailable',
          message: 'Email service not configured properly. Magic link unavailable.',
        })
      case 'mail_failed':
        return response.badGateway({
          code: 'mail_failed',
          message: 'Email service not configured properly. Please try again later.',
        })
    }
  }
}
