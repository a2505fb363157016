import type { HttpContext } from '@adonisjs/core/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'

/**
 * The last line of a write that serves both a page and its `/api/*` twin:
 * the same action's outcome, as JSON to an API client and as a redirect
 * with a flash message (a toast on the page) to an Inertia visit.
 */
export class WriteAnswer {
  constructor(private ctx: HttpContext) {}

  get #fromPage() {
    return !isApiRequest(this.ctx)
  }

  /** Done: the JSON body with its status, or `to` (default: back) with `message` as a toast. */
  done(status: number, body: unknown, message: string | null, to?: string) {
    const { response, session } = this.ctx
    if (!this.#fromPage) return response.status(status).json(body)
    if (message) session.flash('success', message)
    // back() keeps the page's query (My Videos' search, tab and cursor)
    return to ? response.redirect(to) : response.redirect().withQs().back()
  }

  /**
   * Refused: `{ message, … }` with its status, or back on the page with the
   * message as an error toast, or as the page's `errors` when `fields` names
   * what the page shows beside its own controls.
   */
  refused(
    status: number,
    body: { message: string } & Record<string, unknown>,
    fields?: Record<string, string>
  ) {
    const { response, session } = this.ctx
    if (!this.#fromPage) return response.status(status).json(body)
    if (fields) session.flash('inputErrorsBag', fields)
    else session.flash('error', body.message)
    return response.redirect().withQs().back()
  }
}
