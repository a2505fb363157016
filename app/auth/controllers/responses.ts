import type { HttpContext } from '@adonisjs/core/http'
import type { CaptchaResult } from '#auth/services/captcha'

export function tooManyRequests(response: HttpContext['response'], retryAfter: number) {
  return response
    .header('Retry-After', String(retryAfter))
    .tooManyRequests({ message: 'Too many requests. Please wait a moment before trying again.' })
}

export function captchaFailure(
  response: HttpContext['response'],
  result: Exclude<CaptchaResult, 'passed'>
) {
  return result === 'missing'
    ? response.badRequest({ message: 'CAPTCHA required' })
    : response.forbidden({ message: 'CAPTCHA verification failed. Please try again.' })
}
