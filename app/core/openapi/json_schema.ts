export type JsonSchema = Record<string, unknown>

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
