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
 * An answer's field that may be null, as every client's schema reader takes
 * it: two branches of one type each, never a type array (which the MCP
 * Inspector warns about, and single-type dialects such as Gemini's refuse).
 */
export function orNull(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] }
}

/**
 * A URL the API answers relative to itself (a signed `/uploads/…` path on
 * the fs disk) as an agent can follow it from anywhere: absolute, on the
 * app's public URL. S3's presigned URLs are absolute already.
 */
export function followableUrl(url: string) {
  return new URL(url, appUrl).href
}

/** A field that holds a URL, by the name the transformers give it (`thumbUrl`, `url`, `uploadURL`). */
const URL_FIELD = /url$/i

/**
 * An answer with every URL in it followable (`followableUrl`): the same
 * JSON as the API's, where the fs disk's signed URLs are relative to the app.
 */
export function withFollowableUrls<Value>(value: Value): Value {
  if (Array.isArray(value)) return value.map(withFollowableUrls) as Value
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      URL_FIELD.test(key) && typeof field === 'string' && field.startsWith('/')
        ? followableUrl(field)
        : withFollowableUrls(field),
    ])
  ) as Value
}
