import type { HttpContext } from '@adonisjs/core/http'

/**
 * Every rate limit answers alike: 429, the seconds to wait in Retry-After, and
 * the spec's rate-limit message (§8), which the front end shows in its toast.
 */
export function tooManyRequests(response: HttpContext['response'], retryAfter: number) {
  return response
    .header('Retry-After', String(Math.max(1, Math.ceil(retryAfter))))
    .tooManyRequests({ message: 'Too many requests. Please wait a moment before trying again.' })
}
