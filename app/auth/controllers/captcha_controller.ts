import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { Captcha } from '#auth/services/captcha'
import { verifyCaptchaValidator } from '#auth/validators/sign_in'
import { captchaFailure } from '#auth/controllers/responses'

@inject()
export default class CaptchaController {
  constructor(private captcha: Captcha) {}

  async verify({ request, response }: HttpContext) {
    const { token } = await request.validateUsing(verifyCaptchaValidator)
    const result = await this.captcha.verify(token, request.ip())
    return result === 'passed' ? response.ok({ success: true }) : captchaFailure(response, result)
  }
}
