import type { HttpContext } from '@adonisjs/core/http'

/** The rate-limit message (docs/product.md, The shell), which the front end shows in its toast. */
export const TOO_MANY_REQUESTS_MESSAGE =
  'Too many requests. Please wait a moment before trying again.'

/** Every rate limit answers alike: 429, the seconds to wait in Retry-After, and the message. */
export function tooManyRequests(response: HttpContext['response'], retryAfter: number) {
  return response
    .header('Retry-After', retryAfterSeconds(retryAfter))
    .tooManyRequests({ message: TOO_MANY_REQUESTS_MESSAGE })
}

/** Whole seconds, at least one: what a `Retry-After` header carries. */
export function retryAfterSeconds(retryAfter: number) {
  return String(Math.max(1, Math.ceil(retryAfter)))
}
