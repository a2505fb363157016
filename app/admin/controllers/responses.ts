import type { HttpContext } from '@adonisjs/core/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'

/**
 * The last line of an admin write. /api/admin/* answers JSON as it always
 * has; the /admin page's Inertia visit (same action, validator and
 * transformer) is sent back to the page with a flash, or with its errors
 * beside the fields, like a validation failure.
 */
export class AdminAnswer {
  readonly #ctx: HttpContext

  constructor(ctx: HttpContext) {
    this.#ctx = ctx
  }

  get #forPage() {
    return !isApiRequest(this.#ctx)
  }

  /** Saved or done: the JSON body, or the success message as a flash on the page. */
  async done(status: 200 | 201, message: string, body: () => Promise<unknown> | unknown) {
    if (this.#forPage) {
      this.#ctx.session.flash('success', message)
      return this.#ctx.response.redirect().back()
    }
    return this.#ctx.response.status(status).json(await body())
  }

  /** A refusal that names a field: 422 in the shape of a validation failure. */
  fieldError(field: string, message: string) {
    if (this.#forPage) return this.#back({ [field]: message })
    return this.#ctx.response.unprocessableEntity({ errors: [{ field, message, rule: field }] })
  }

  /** A refusal of the whole request (not found, in use): its status, or the form's error. */
  refused(status: 404 | 409 | 422, message: string) {
    if (this.#forPage) return this.#back({ form: message })
    return this.#ctx.response.status(status).json({ message })
  }

  #back(errors: Record<string, string>) {
    this.#ctx.session.flash('inputErrorsBag', errors)
    return this.#ctx.response.redirect().back()
  }
}
