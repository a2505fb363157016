import string from '@adonisjs/core/helpers/string'
import drive from '@adonisjs/drive/services/main'
import vite from '@adonisjs/vite/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import {
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  contentSecurityPolicy,
  hmrSocketOf,
  mediaOriginOf,
} from '#core/http/security_headers'

/** Where the default disk's signed URLs point, asked once. */
let mediaOrigin: Promise<string | null> | undefined

/**
 * The Content-Security-Policy (with this response's nonce, shared with the
 * views as `cspNonce`), Referrer-Policy and Permissions-Policy on every
 * answer. Server middleware, so files and errors get them too: shield's own
 * CSP runs as router middleware, after its CSRF check, whose refusal it misses.
 */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    mediaOrigin ??= mediaOriginOf(drive.use())
    const devServer = vite.getDevServer()
    const sources = {
      mediaOrigin: await mediaOrigin,
      hmrSocket: devServer
        ? hmrSocketOf(devServer.config.server.ws, ctx.request.hostname() ?? '')
        : null,
    }
    const nonce = string.generateRandom(16)
    ctx.response.nonce = nonce
    ctx.view.share({ cspNonce: nonce })
    ctx.response.header('Content-Security-Policy', contentSecurityPolicy(sources, nonce))
    ctx.response.header('Referrer-Policy', REFERRER_POLICY)
    ctx.response.header('Permissions-Policy', PERMISSIONS_POLICY)
    return next()
  }
}
