import { MetaModifier } from '@vinejs/vine'
import type { ConstructableSchema } from '@vinejs/vine/types'

/**
 * A validator field that says what it is, in a sentence: the description
 * its JSON Schema carries into /api/openapi.json and the MCP tool list.
 * Not Vine's `.meta()` on strings, numbers and enums, which in 4.4.0 also
 * lets null through (its parse sets `allowNull`); this wrapper changes
 * nothing of the field's checks. Wrap the whole field, modifiers included.
 */
export function described<Schema extends ConstructableSchema<any, any, any>>( // any: whatever the field takes and gives
  schema: Schema,
  description: string
) {
  return new MetaModifier(schema, { description })
}
