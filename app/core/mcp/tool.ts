import vine, { type VineValidator } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import type { HttpContext } from '@adonisjs/core/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { appUrl } from '#config/app'
import { databaseId } from '#core/database_id'
import type { JsonSchema } from '#core/openapi/json_schema'

/** Any Vine validator: a tool's arguments are checked by the validators of its /api twin. */
export type AnyValidator = VineValidator<any, any> // any: whatever schema and metadata a route's validator has

/** The account an API token belongs to: who calls a tool. */
export type ToolUser = ReturnType<ReturnType<Authenticators['api']>['getUserOrFail']>

type ArgumentsOf<V> = V extends AnyValidator ? Infer<V> : unknown

/**
 * A route's `:id`, as a tool argument: the JSON integer the route's matcher
 * accepts (1…2147483647), under the route's own name for it.
 */
export const idParam = vine.create({ id: databaseId() })

/** What a tool answers: data with a line for the model, or a refusal the model can act on. */
export type ToolAnswer =
  | { isError: false; summary: string; data: Record<string, unknown> }
  | { isError: true; message: string }

/** The JSON its /api twin answers (a transformer's output) and one line saying what it is. */
export function answered(data: Record<string, unknown>, summary: string): ToolAnswer {
  return { isError: false, summary, data }
}

/** What its /api twin answers with a 4xx, as the tool's error: the same message. */
export function refused(message: string): ToolAnswer {
  return { isError: true, message }
}

export type ToolCall<Arguments> = {
  user: ToolUser
  /** The arguments, checked by the tool's validators. */
  args: Arguments
  /** The request's container, as a controller's: actions and services with their dependencies. */
  container: HttpContext['containerResolver']
  /**
   * Tells the client how far a long call is, when it asked to be told (a
   * progress token): each value higher than the last, out of 100.
   */
  progress: (progress: number, message: string) => Promise<void>
  /** Aborted when the client cancels the call or goes away. */
  signal: AbortSignal
}

/**
 * An MCP tool: the face of one /api route (`operation`, its route name and
 * operationId in /api/openapi.json) for agents. It takes the route's params
 * and input as arguments, checked by the same validators, calls the same
 * actions and queries, and answers the route's JSON or its refusal. What the
 * route's middleware limits (paid calls) limits the tool alike.
 */
export type ToolDefinition<Params, Input, Options> = {
  name: string
  operation: string
  title: string
  /** For a model: what it does, what it costs in credits, what to call next. */
  description: string
  /** The route's `:id` (`idParam`). */
  params?: Params
  /** The route's validator: its body, or its query string for a GET. */
  input?: Input
  /** Arguments only the tool takes, listed apart so the tool list stays in step with the API. */
  options?: Options
  /** The shape of `answered` data, for clients that check it. */
  outputSchema?: JsonSchema
  handle(
    call: ToolCall<ArgumentsOf<Params> & ArgumentsOf<Input> & ArgumentsOf<Options>>
  ): Promise<ToolAnswer>
}

export type Tool = ToolDefinition<AnyValidator, AnyValidator, AnyValidator>

export function defineTool<
  Params extends AnyValidator | undefined = undefined,
  Input extends AnyValidator | undefined = undefined,
  Options extends AnyValidator | undefined = undefined,
>(definition: ToolDefinition<Params, Input, Options>): Tool {
  return definition as unknown as Tool
}

/**
 * A URL the API answers relative to itself (a signed `/uploads/…` path on
 * the fs disk) as an agent can follow it from anywhere: absolute, on the
 * app's public URL. S3's presigned URLs are absolute already.
 */
export function followableUrl(url: string) {
  return new URL(url, appUrl).href
}
