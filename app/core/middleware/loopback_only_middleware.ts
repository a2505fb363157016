import { errors, type HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import proxyaddr from 'proxy-addr'

const isLoopback = proxyaddr.compile('loopback')

/**
 * Development pages that show secrets (the dev mailbox holds every address's
 * sign-in code) answer only the machine itself. The client's address is
 * `request.ip()`, so a trusted local proxy forwarding a remote client does not
 * count as local; to anyone else the page does not exist.
 */
export default class LoopbackOnlyMiddleware {
  handle({ request }: HttpContext, next: NextFn) {
    if (!isLoopback(request.ip(), 0)) {
      throw new errors.E_ROUTE_NOT_FOUND([request.method(), request.url()])
    }
    return next()
  }
}
