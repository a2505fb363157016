import type { HttpContext } from '@adonisjs/core/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'

/**
 * What an /api client receives, as a type only: the status and the JSON
 * body. The shape of @tuyau/core's typed responses (`response.created(body)`
 * types as `{ __response: body; __status: 201 }`), which the typed client
 * and the OpenAPI document (app/core/openapi/response_schemas.ts) read from
 * a controller's return type.
 */
export type JsonAnswer<Status extends number, Body> = { __response: Body; __status: Status }

/** The response is written: what a write returns is its type only, as with `response.created()`. */
function written<Status extends number, Body>() {
  return undefined as unknown as JsonAnswer<Status, Body>
}

/**
 * The last line of a write that serves both a page and its `/api/*` twin:
 * the same action's outcome, as JSON to an API client and as a redirect
 * with a flash message (a toast on the page) to an Inertia visit. Typed as
 * the API's answer, so a status written as a literal (`done(201, …)`) is one
 * the OpenAPI document lists.
 */
export class WriteAnswer {
  constructor(private ctx: HttpContext) {}

  get #fromPage() {
    return !isApiRequest(this.ctx)
  }

  /** Done: the JSON body with its status, or `to` (default: back) with `message` as a toast. */
  done<const Status extends number, Body>(
    status: Status,
    body: Body,
    message: string | null,
    to?: string
  ) {
    const { response, session } = this.ctx
    if (!this.#fromPage) {
      response.status(status).json(body)
    } else {
      if (message) session.flash('success', message)
      // back() keeps the page's query (My Videos' search, tab and cursor)
      if (to) response.redirect(to)
      else response.redirect().withQs().back()
    }
    return written<Status, Body>()
  }

  /**
   * Refused: `{ message, … }` with its status, or back on the page with the
   * message as an error toast, or as the page's `errors` when `fields` names
   * what the page shows beside its own controls.
   */
  refused<const Status extends number, Body extends { message: string }>(
    status: Status,
    body: Body,
    fields?: Record<string, string>
  ) {
    const { response, session } = this.ctx
    if (!this.#fromPage) {
      response.status(status).json(body)
    } else {
      if (fields) session.flash('inputErrorsBag', fields)
      else session.flash('error', body.message)
      response.redirect().withQs().back()
    }
    return written<Status, Body>()
  }

  /**
   * Refused for one field's value: 422 in the shape of a validation failure
   * to a program (`{ message, errors }`, as the exception handler answers
   * Vine's), the message beside the field on the page.
   */
  fieldError(field: string, message: string) {
    const { response, session } = this.ctx
    if (!this.#fromPage) {
      response.unprocessableEntity({ message, errors: [{ field, message, rule: field }] })
    } else {
      session.flash('inputErrorsBag', { [field]: message })
      response.redirect().withQs().back()
    }
    return written<
      422,
      { message: string; errors: { field: string; message: string; rule: string }[] }
    >()
  }
}
