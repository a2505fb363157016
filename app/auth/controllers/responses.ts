import type { HttpContext } from '@adonisjs/core/http'
import type { CaptchaResult } from '#auth/services/captcha'

export function captchaFailure(
  response: HttpContext['response'],
  result: Exclude<CaptchaResult, 'passed'>
) {
  return result === 'missing'
    ? response.badRequest({ message: 'CAPTCHA required' })
    : response.forbidden({ message: 'CAPTCHA verification failed. Please try again.' })
}
