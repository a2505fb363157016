import { errors } from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Text PostgreSQL cannot store, a NUL character (text columns) or a lone
 * UTF-16 surrogate (JSON columns), refused on every route, in the body and
 * the query string alike, as a validation error on its field: no validator
 * has to remember it, and no SQL error reaches anyone.
 */
export default class StorableTextMiddleware {
  handle({ request }: HttpContext, next: NextFn) {
    const fields = new Set([...unstorableFields(request.body()), ...unstorableFields(request.qs())])
    if (fields.size > 0) {
      throw new errors.E_VALIDATION_ERROR(
        [...fields].map((field) => ({
          field,
          rule: 'storableText',
          message: `The ${field} field contains a character that cannot be saved (NUL or broken Unicode). Please remove it.`,
        }))
      )
    }
    return next()
  }
}

function isStorable(text: string) {
  return !text.includes('\0') && text.isWellFormed()
}

/**
 * Paths (`voice.id`, `scenes.0.prompt`) of the strings and keys that cannot be
 * stored; walked with a list rather than recursion, so deep nesting cannot
 * overflow the stack.
 */
function unstorableFields(input: unknown) {
  const found: string[] = []
  const pending: [path: string, value: unknown][] = [['', input]]
  while (pending.length > 0) {
    const [path, value] = pending.pop()!
    if (typeof value === 'string') {
      if (!isStorable(value)) found.push(path || 'body')
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (isStorable(key)) {
          pending.push([path ? `${path}.${key}` : key, child])
        } else {
          found.push(path || 'body')
        }
      }
    }
  }
  return found
}
