import type { Logger } from '@adonisjs/core/logger'
import type { HttpContext } from '@adonisjs/core/http'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js'
import type { ToolUser } from '#core/mcp/tool'
import { mcpTools } from '#core/mcp/tool_registry'
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

  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const registered = tools.get(request.params.name)
    if (!registered) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`)
    }
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
    return callTool(registered, request.params.arguments ?? {}, call, logger)
  })

  return server
}
