import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { UPLOADS_MIDDLEWARE } from '#core/middleware/uploads_middleware'

/**
 * Multipart bodies are never parsed for a route that does not take files
 * (config/bodyparser.ts), so such a route would see an empty body and carry
 * on as if nothing had been sent: say so instead, with a 415.
 */
export default class UnexpectedFilesMiddleware {
  handle({ request, route }: HttpContext, next: NextFn) {
    if (request.bodyType === 'multipart' && !takesFiles(route)) {
      throw new Exception('This address does not accept file uploads.', {
        status: 415,
        code: 'E_UNEXPECTED_FILES',
      })
    }
    return next()
  }
}

function takesFiles(route: HttpContext['route']) {
  return [...(route?.middleware.all() ?? [])].some(
    (middleware) => 'name' in middleware && middleware.name === UPLOADS_MIDDLEWARE
  )
}
