import { constants } from 'node:zlib'
import type { IncomingMessage, ServerResponse } from 'node:http'
import compression from 'compression'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Page HTML and JSON bodies; never the SSE stream, which must flow event by event. */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/html)\b/

/** compression's types speak Express; at run time it takes Node's own request and response. */
type NodeMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void
) => void

const compress: NodeMiddleware = compression({
  threshold: 1024,
  filter: (_request, response) => COMPRESSIBLE.test(String(response.getHeader('Content-Type'))),
  // Brotli's default (11) costs more CPU than the bytes it saves on a live answer.
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
}) as unknown as NodeMiddleware

/**
 * Compresses JSON and HTML answers with brotli or gzip when the client
 * accepts them (built assets come pre-compressed, see PrecompressedAssets).
 */
export default class CompressionMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    await new Promise<void>((resolve, reject) =>
      compress(request.request, response.response, (error?: unknown) =>
        error ? reject(error) : resolve()
      )
    )
    return next()
  }
}
