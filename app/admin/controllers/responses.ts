import type { HttpContext } from '@adonisjs/core/http'

/** A refusal in the shape of a validation failure, so forms show it beside the field. */
export function fieldError(response: HttpContext['response'], field: string, message: string) {
  return response.unprocessableEntity({ errors: [{ field, message, rule: field }] })
}
