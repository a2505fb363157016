import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

const JSON_PREFIXES = ['/api/', '/__transmit/']

/**
 * JSON endpoints: the REST API and the SSE channel endpoints.
 */
export function isApiRequest(ctx: HttpContext) {
  const url = ctx.request.url()
  return url === '/api' || JSON_PREFIXES.some((prefix) => url.startsWith(prefix))
}

/**
 * Everything under /api speaks JSON, errors included, whatever the client
 * put in its Accept header. Runs as server middleware so it also covers
 * paths that match no route.
 */
export default class ForceJsonForApiMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (isApiRequest(ctx)) {
      ctx.request.request.headers.accept = 'application/json'
    }
    return next()
  }
}
