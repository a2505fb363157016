import { errors } from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { unstorableFields } from '#core/http/storable_text'
import { isMcpRequest } from '#core/mcp/endpoint'
import { SIGNED_PAYLOAD_MIDDLEWARE } from '#core/middleware/signed_payload_middleware'

/**
 * Text PostgreSQL cannot store, refused on every route, in the body and the
 * query string alike, as a validation error on its field: no validator has
 * to remember it, and no SQL error reaches anyone. /mcp checks each tool's
 * arguments itself, so that the refusal is the tool's answer; a route marked
 * `middleware.signedPayload()` judges its sender's signed payload itself.
 */
export default class StorableTextMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    const ownJudge = isMcpRequest(ctx) || judgesItsPayload(ctx.route)
    const fields = ownJudge ? [] : unstorableFields(request.body(), request.qs())
    if (fields.length > 0) {
      throw new errors.E_VALIDATION_ERROR(fields)
    }
    return next()
  }
}

function judgesItsPayload(route: HttpContext['route']) {
  return [...(route?.middleware.all() ?? [])].some(
    (middleware) => 'name' in middleware && middleware.name === SIGNED_PAYLOAD_MIDDLEWARE
  )
}
