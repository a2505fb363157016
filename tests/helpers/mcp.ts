import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import env from '#start/env'
import { until } from '#tests/helpers/wait'

/** One HTTP exchange of an agent with /mcp, as its transport saw it. */
export type Exchange = { method: string; status: number; headers: Headers }

export function mcpUrl() {
  return new URL(`http://${env.get('HOST')}:${env.get('PORT')}/mcp`)
}

/**
 * An agent: the MCP SDK's own client over real HTTP to the test server,
 * sending `headers` (the token's Authorization) on every request, closed
 * after the test. `exchanges` records each HTTP answer its transport got.
 */
export function agent(headers: Record<string, string>, cleanup: (fn: () => Promise<void>) => void) {
  const exchanges: Exchange[] = []
  const transport = new StreamableHTTPClientTransport(mcpUrl(), {
    requestInit: { headers },
    fetch: async (url, init) => {
      const response = await fetch(url, init)
      exchanges.push({
        method: init?.method ?? 'GET',
        status: response.status,
        headers: response.headers,
      })
      return response
    },
  })
  const client = new Client({ name: 'reelforge-tests', version: '1.0.0' })
  cleanup(() => client.close())
  return { client, transport, exchanges }
}

/**
 * An agent connected with an API token. Once connected, the SDK's client
 * asks for a stream of server messages (a GET) on its own; that is awaited
 * too, so that no request of the test is still in flight when it ends.
 */
export async function connectAgent(token: string, cleanup: (fn: () => Promise<void>) => void) {
  const connected = agent({ authorization: `Bearer ${token}` }, cleanup)
  await connected.client.connect(connected.transport)
  await until(
    () => connected.exchanges.some((exchange) => exchange.method === 'GET'),
    10_000,
    "the client's GET for a stream"
  )
  return connected
}

/** The text a tool answered (its one text block). */
export function textOf(result: Awaited<ReturnType<Client['callTool']>>) {
  const [block] = (result as CallToolResult).content
  return block?.type === 'text' ? block.text : ''
}

/** A tool's structured content, typed by the caller. */
export function dataOf<T = Record<string, any>>(result: Awaited<ReturnType<Client['callTool']>>) {
  return (result as CallToolResult).structuredContent as T
}
