import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { retryAfterSeconds } from '#core/http/too_many_requests'
import { mcpErrorBody } from '#core/mcp/endpoint'
import { ApiTokenGate } from '#auth/services/api_token_gate'

/**
 * The MCP endpoint takes an API token and nothing else: no token (a session
 * cookie is not one) is a 401, and a token is held to exactly the agency
 * API's rules (ApiTokenGate). Refusals are JSON-RPC errors with the HTTP
 * status an MCP client reports (docs/decisions.md, Identity and access).
 */
@inject()
export default class McpAuthMiddleware {
  constructor(private tokens: ApiTokenGate) {}

  async handle(ctx: HttpContext, next: NextFn) {
    const admission = await this.tokens.admit(ctx)
    switch (admission.status) {
      case 'admitted':
        return next()
      case 'refused':
        return ctx.response.status(admission.httpStatus).json(mcpErrorBody(admission.message))
      case 'limited':
        return ctx.response
          .header('Retry-After', retryAfterSeconds(admission.retryAfter))
          .status(429)
          .json(mcpErrorBody(admission.message))
    }
  }
}
