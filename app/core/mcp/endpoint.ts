import type { HttpContext } from '@adonisjs/core/http'

/** Where agents reach the MCP server (docs/product.md, Agents (MCP)). */
export const MCP_PATH = '/mcp'

/** Whether a request was routed to the MCP endpoint. */
export function isMcpRequest(ctx: HttpContext) {
  return ctx.route?.pattern === MCP_PATH
}

/**
 * JSON-RPC error codes of the answers given before any MCP message is read:
 * the body is not JSON (parse error), the server failed (internal error), or
 * the request was refused (auth, plan, limits, CSRF, method), which the MCP
 * SDK itself answers with -32000.
 */
export const MCP_ERROR_CODES = {
  parseError: -32700,
  internalError: -32603,
  refused: -32000,
} as const

/**
 * An HTTP-level refusal in the shape MCP clients read: a JSON-RPC error
 * answering no request in particular. Its HTTP status says the rest.
 */
export function mcpErrorBody(message: string, code: number = MCP_ERROR_CODES.refused) {
  return { jsonrpc: '2.0', error: { code, message }, id: null }
}
