import type { Logger } from '@adonisjs/core/logger'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { TOO_MANY_REQUESTS_MESSAGE, retryAfterSeconds } from '#core/http/too_many_requests'
import { unstorableFields } from '#core/http/storable_text'
import { consumePaidCall } from '#core/services/paid_calls'
import { type ToolAnswer, type ToolCall, refused, withFollowableUrls } from '#core/mcp/tool'
import type { RegisteredTool } from '#core/mcp/tool_registry'

/** What a tool says when it fails for a reason of ours: the API's 500 message, details in the log. */
export const TOOL_FAILED_MESSAGE = 'Internal server error'

type FieldMessage = { field: string; message: string }

/** A validation refusal as the API words it (its first message), with every field's message under it. */
function validationMessage(messages: FieldMessage[]) {
  const [first] = messages
  if (messages.length === 1) return first.message
  return [first.message, ...messages.map(({ field, message }) => `- ${field}: ${message}`)].join(
    '\n'
  )
}

/** A failure with a 4xx status (a missing row, a framework refusal): its message is for the caller. */
function clientErrorOf(error: unknown) {
  const { status, message } = error as { status?: unknown; message?: unknown }
  const isClientError = typeof status === 'number' && status >= 400 && status < 500
  return isClientError && typeof message === 'string' ? message : null
}

/**
 * One call of a tool, checked as its /api twin's request would be, in the
 * same order: the twin's paid-call limit, unstorable text, then its
 * validators (params, input, the tool's options). Whatever the API would
 * refuse with a 4xx comes back as the tool's error with the API's message.
 */
async function answerOf(
  { tool, paidCall }: RegisteredTool,
  args: Record<string, unknown>,
  call: Omit<ToolCall<unknown>, 'args'>,
  logger: Logger
): Promise<ToolAnswer> {
  if (paidCall) {
    const retryAfter = await consumePaidCall(paidCall, call.user.id)
    if (retryAfter !== null) {
      return refused(`${TOO_MANY_REQUESTS_MESSAGE} (${retryAfterSeconds(retryAfter)} s)`)
    }
  }
  const unstorable = unstorableFields(args)
  if (unstorable.length > 0) return refused(validationMessage(unstorable))

  const checked = {}
  for (const validator of [tool.params, tool.input, tool.options]) {
    if (!validator) continue
    const [error, value] = await validator.tryValidate(args)
    if (error) return refused(validationMessage(error.messages as FieldMessage[]))
    Object.assign(checked, value)
  }

  try {
    return await tool.handle({ ...call, args: checked })
  } catch (error) {
    const message = clientErrorOf(error)
    if (message !== null) return refused(message)
    logger.error({ err: error, tool: tool.name }, 'MCP tool failed')
    return refused(TOOL_FAILED_MESSAGE)
  }
}

/**
 * A tool's answer as MCP carries it: the data as structured content and,
 * for models that read text, its summary line and the same JSON, every URL
 * in both absolute; a refusal as a tool error (`isError`) with its message,
 * never a protocol error.
 */
export async function callTool(
  registered: RegisteredTool,
  args: Record<string, unknown>,
  call: Omit<ToolCall<unknown>, 'args'>,
  logger: Logger
): Promise<CallToolResult> {
  const answer = await answerOf(registered, args, call, logger)
  if (answer.isError) {
    return { content: [{ type: 'text', text: answer.message }], isError: true }
  }
  const data = withFollowableUrls(answer.data)
  return {
    content: [{ type: 'text', text: `${answer.summary}\n\n${JSON.stringify(data)}` }],
    structuredContent: data,
  }
}
