import type { HttpContext } from '@adonisjs/core/http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { mcpErrorBody } from '#core/mcp/endpoint'
import { mcpServerFor } from '#core/mcp/mcp_server'

export default class McpController {
  /**
   * One POST of the Streamable HTTP transport, stateless: a server and a
   * transport for this request alone, so any web process answers any call.
   * The SDK writes the answer (JSON, or an SSE stream carrying progress and
   * the result) on the raw response, after the headers Adonis set so far;
   * Adonis then finds the response sent and writes nothing more.
   */
  async handle({ auth, request, response, containerResolver, logger }: HttpContext) {
    const user = auth.use('api').getUserOrFail()
    const server = await mcpServerFor(user, { container: containerResolver, logger })
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    // A client that hangs up aborts the call it was waiting for.
    response.response.once('close', () => void server.close())
    await server.connect(transport)
    // A token is the only credential here: no cookie (Shield's XSRF one) goes back.
    response.removeHeader('set-cookie')
    response.relayHeaders()
    await transport.handleRequest(request.request, response.response, request.body())
  }

  /**
   * GET (a stream for server-initiated messages) and DELETE (the end of a
   * session): a stateless server has neither, and says so as the SDK's
   * stateless servers do.
   */
  methodNotAllowed({ response }: HttpContext) {
    return response.status(405).header('Allow', 'POST').json(mcpErrorBody('Method not allowed.'))
  }
}
