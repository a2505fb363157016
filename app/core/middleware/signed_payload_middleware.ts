import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** The name routes use it by (`middleware.signedPayload()`), checked by the storable-text guard. */
export const SIGNED_PAYLOAD_MIDDLEWARE = 'signedPayload'

/**
 * Marks a route whose sender signs the raw body (a payment gateway's
 * events): the route checks the signature and judges every character of
 * the payload itself, so the storable-text guard leaves it alone. A signed
 * event with a NUL in it must be acknowledged and recorded as unusable,
 * not refused, or its sender delivers it again for days (docs/billing.md).
 */
export default class SignedPayloadMiddleware {
  handle(_ctx: HttpContext, next: NextFn) {
    return next()
  }
}
