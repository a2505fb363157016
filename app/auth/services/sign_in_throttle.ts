import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors, type Limiter } from '@adonisjs/limiter'

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfter: number }

/**
 * Sign-in rate limits, kept in the shared limiter store (Redis or the
 * database) so they hold across web processes.
 */
export class SignInThrottle {
  #sendPerEmailMinute: Limiter = limiter.use({ requests: 1, duration: '60 sec' })
  #sendPerEmailHour: Limiter = limiter.use({ requests: 5, duration: '1 hour' })
  #sendPerIp: Limiter = limiter.use({ requests: 20, duration: '1 hour' })
  #verifyPerEmail: Limiter = limiter.use({ requests: 10, duration: '15 min' })

  async allowSend(email: string, ip: string): Promise<ThrottleResult> {
    return this.#consume([
      [this.#sendPerEmailMinute, `sign_in:send:minute:${email}`],
      [this.#sendPerEmailHour, `sign_in:send:hour:${email}`],
      [this.#sendPerIp, `sign_in:send:ip:${ip}`],
    ])
  }

  async allowVerify(email: string): Promise<ThrottleResult> {
    return this.#consume([[this.#verifyPerEmail, `sign_in:verify:${email}`]])
  }

  async #consume(checks: [Limiter, string][]): Promise<ThrottleResult> {
    for (const [bucket, key] of checks) {
      const remaining = await bucket.remaining(key)
      if (remaining <= 0) {
        return { allowed: false, retryAfter: Math.max(1, await bucket.availableIn(key)) }
      }
    }
    for (const [bucket, key] of checks) {
      try {
        await bucket.consume(key)
      } catch (error) {
        if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
          return { allowed: false, retryAfter: Math.max(1, error.response.availableIn) }
        }
        throw error
      }
    }
    return { allowed: true }
  }
}
