import type { HttpContext } from '@adonisjs/core/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'

/** Whether a request presents an agency API token (`Authorization: Bearer …`). */
export function bearsApiToken(ctx: HttpContext) {
  return /^bearer\s/i.test(ctx.request.header('authorization', '')!)
}

/**
 * CSRF protects cookie sessions only: an /api request that presents a token
 * and sends no cookie at all cannot be a browser riding a session, so it
 * needs no CSRF token. With any cookie beside the token, CSRF still applies.
 */
export function isCookielessApiTokenRequest(ctx: HttpContext) {
  return isApiRequest(ctx) && bearsApiToken(ctx) && !ctx.request.header('cookie')
}
