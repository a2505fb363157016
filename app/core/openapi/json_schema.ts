export type JsonSchema = Record<string, unknown>

/** One status of a route's answer: the JSON Schema of its body, none when it has no body, or bytes. */
export type RouteAnswer = { schema?: JsonSchema; binary?: true }

/**
 * A Vine validator's JSON Schema (Vine's own export), without the draft
 * marker: what `/api/openapi.json` shows for a route's input and what an MCP
 * tool publishes as its input schema, from the same validator.
 */
export function jsonSchemaOf(validator: unknown): JsonSchema {
  const schema = { ...(validator as { toJSONSchema: () => JsonSchema }).toJSONSchema() }
  delete schema.$schema
  return schema
}
