import type { HttpContext } from '@adonisjs/core/http'
import { errors } from '@adonisjs/core/http'

/**
 * Any GET no other route claims: answered as routed, so the session and the
 * signed-in user are known and the not-found page keeps the app shell.
 */
export default class UnknownPagesController {
  show({ request }: HttpContext) {
    throw new errors.E_ROUTE_NOT_FOUND([request.method(), request.url()])
  }
}
