import type { Logger } from '@adonisjs/core/logger'
import type { HttpContext } from '@adonisjs/core/http'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { ToolUser } from '#core/mcp/tool'
import { type RegisteredTool, mcpTools } from '#core/mcp/tool_registry'
import { callTool } from '#core/mcp/tool_runner'

export const SERVER_INFO = { name: 'reelforge', title: 'Reelforge', version: '1.0.0' }

/** What a model reads about the server before it picks a tool. */
export const INSTRUCTIONS = [
  'Reelforge turns a script into a short narrated video: the script is cut into 5-second scenes',
  '(the storyboard), each scene gets a picture or clip, then a voice-over, music and captions.',
  'A credit is a second of video: a render costs 5 credits a scene. The usual path:',
  'list_styles and list_voices (and list_music) → write_script if you have no script yet →',
  'create_project → get_project (edit_scene, add_scene, delete_scene to change the storyboard) →',
  'get_balance → generate_video with wait: true → get_video for the download URL.',
  'Every call acts for the owner of the API token, with their credits, projects and limits.',
].join(' ')

type ServerContext = { container: HttpContext['containerResolver']; logger: Logger }

/**
 * A JSON-RPC error as the SDK sends it: the code, and the message as it is
 * (an McpError's message carries "MCP error <code>: ", which the client's
 * own McpError then prefixes again).
 */
class ProtocolRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string
  ) {
    super(message)
  }
}

function kindOf(value: unknown) {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

/** The tool a tools/call names and its arguments, or a -32602 that says what is wrong, in one sentence. */
function toolCallOf(params: unknown, tools: Map<string, RegisteredTool>) {
  const { name, arguments: args } = (params ?? {}) as { name?: unknown; arguments?: unknown }
  if (typeof name !== 'string' || name.length === 0) {
    throw new ProtocolRefusal(
      ErrorCode.InvalidParams,
      `A tools/call names its tool in params.name, as a string from tools/list, not ${name === undefined ? 'nothing' : kindOf(name)}.`
    )
  }
  const registered = tools.get(name)
  if (!registered) {
    throw new ProtocolRefusal(
      ErrorCode.InvalidParams,
      `There is no tool named ${JSON.stringify(name.slice(0, 100))}: tools/list gives the tools there are.`
    )
  }
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
    throw new ProtocolRefusal(
      ErrorCode.InvalidParams,
      `The arguments of ${name} are an object of named values, not ${kindOf(args)}.`
    )
  }
  return { registered, args: (args ?? {}) as Record<string, unknown> }
}

/**
 * An MCP server for one request of one user (the endpoint is stateless):
 * it lists the registered tools and runs them as that user. Progress is
 * sent only to a client that asked for it with a progress token, and only
 * forward.
 */
export async function mcpServerFor(user: ToolUser, { container, logger }: ServerContext) {
  const tools = await mcpTools.all()
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: INSTRUCTIONS,
  })

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map((registered) => registered.listing),
  }))

  // tools/call reaches the fallback with its params as sent: registered the SDK's way, a
  // malformed call is parsed by the SDK first and answered -32603 with its schema's dump.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'tools/call') {
      throw new ProtocolRefusal(ErrorCode.MethodNotFound, 'Method not found')
    }
    const { registered, args } = toolCallOf(request.params, tools)
    const progressToken = extra._meta?.progressToken
    let reached = -1
    const progress = async (value: number, message: string) => {
      if (progressToken === undefined || value <= reached) return
      reached = value
      await extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken, progress: value, total: 100, message },
        })
        .catch((error: unknown) => logger.debug({ err: error }, 'MCP progress not sent'))
    }
    const call = { user, container, progress, signal: extra.signal }
    return callTool(registered, args, call, logger)
  }

  return server
}
