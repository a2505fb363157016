import type { JsonSchema } from '#core/openapi/json_schema'

/** The one `format` every client's schema dialect reads; others are dropped (Gemini refuses them). */
const PORTABLE_FORMATS = new Set(['date-time'])

/** Unicode property escapes (`\p{L}`): JavaScript's regexes read them, Python's and RE2 do not. */
const UNICODE_PROPERTY_ESCAPE = /\\[pP]\{/

function typeOfValues(values: unknown[]) {
  if (values.every((value) => typeof value === 'string')) return 'string'
  if (values.every((value) => Number.isInteger(value))) return 'integer'
  if (values.every((value) => typeof value === 'number')) return 'number'
  return undefined
}

function escapeRegex(text: string) {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A schema as every MCP client reads it (what tools/list publishes of the
 * JSON Schema /api/openapi.json shows): one `type`, no type
 * arrays, no single-value enum, no `additionalProperties: true`, no format
 * or pattern some dialects refuse. Each change keeps the meaning for a
 * caller (a nullable optional field is simply left out; `enum: [5]` is
 * `minimum: 5, maximum: 5`); the validator, which checks every call, stays
 * the whole rule, and the field's description says the rest in words.
 */
export function portableSchema(schema: JsonSchema): JsonSchema {
  const portable: JsonSchema = { ...schema }
  if (Array.isArray(portable.type)) {
    const types = (portable.type as string[]).filter((type) => type !== 'null')
    portable.type = types.length === 1 ? types[0] : types
  }
  const values = portable.enum as unknown[] | undefined
  if (values) {
    const valuesType = typeOfValues(values)
    if (valuesType && (portable.type === undefined || portable.type === 'number')) {
      portable.type = valuesType
    }
    if (values.length === 1) {
      delete portable.enum
      const [value] = values
      if (typeof value === 'number') {
        portable.minimum = value
        portable.maximum = value
      } else {
        portable.pattern = `^${escapeRegex(String(value))}$`
      }
    }
  }
  if (typeof portable.format === 'string' && !PORTABLE_FORMATS.has(portable.format)) {
    delete portable.format
  }
  if (typeof portable.pattern === 'string' && UNICODE_PROPERTY_ESCAPE.test(portable.pattern)) {
    delete portable.pattern
  }
  if (portable.additionalProperties === true) delete portable.additionalProperties
  if (portable.properties) {
    portable.properties = portableProperties(portable.properties as Record<string, JsonSchema>)
  }
  if (portable.items && typeof portable.items === 'object') {
    portable.items = portableSchema(portable.items as JsonSchema)
  }
  return portable
}

function portableProperties(properties: Record<string, JsonSchema>) {
  return Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, portableSchema(schema)])
  )
}
