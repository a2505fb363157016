import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'

/** What a body that does not decode as its Content-Encoding says is answered with. */
export const UNDECODABLE_BODY_CODE = 'E_UNDECODABLE_BODY'

/**
 * The framework's body parser, with one refusal put in words: a body sent
 * with `Content-Encoding: gzip`, `deflate` or `br` that is not compressed
 * that way made zlib throw inside the parser, which reached the client as a
 * 500 with a logged stack, before CSRF and sign-in. It is the client's
 * mistake: a 400 saying so. Errors from what runs after the parser pass as
 * they are.
 */
@inject()
export default class BodyParser {
  constructor(private parser: BodyParserMiddleware) {}

  async handle(ctx: HttpContext, next: NextFn) {
    let parsed = false
    try {
      return await this.parser.handle(ctx, () => {
        parsed = true
        return next()
      })
    } catch (error) {
      if (!parsed && isDecompressionError(error)) {
        const encoding = ctx.request.header('content-encoding')
        throw new Exception(
          `The request body is not compressed as its Content-Encoding (${encoding}) says.`,
          { status: 400, code: UNDECODABLE_BODY_CODE }
        )
      }
      throw error
    }
  }
}

/** node:zlib's errors: `Z_DATA_ERROR`, `Z_BUF_ERROR` (gzip, deflate), `ERR__ERROR_FORMAT_…` (brotli). */
function isDecompressionError(error: unknown) {
  const { code, errno } = error as { code?: unknown; errno?: unknown }
  return typeof errno === 'number' && typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code)
}
