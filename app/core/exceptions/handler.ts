import app from '@adonisjs/core/services/app'
import { errors as vineErrors } from '@vinejs/vine'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'
import { MCP_ERROR_CODES, isMcpRequest, mcpErrorBody } from '#core/mcp/endpoint'
import { UNDECODABLE_BODY_CODE } from '#core/middleware/body_parser_middleware'

type HttpError = { status?: number; message?: string; code?: string; handle?: unknown }

/** Storage keys that cannot name a file (`..`, odd characters): Drive's file server throws these. */
const UNSERVABLE_KEY_CODES = new Set([
  'E_PATH_TRAVERSAL_DETECTED',
  'E_UNALLOWED_CHARACTERS',
  'E_INVALID_KEY',
])

/**
 * Errors a malformed request raises inside the framework, put in words a
 * person understands (never the parser's own message); null for the rest.
 */
function badRequestAnswer(error: unknown): { status: number; message: string } | null {
  const { status, message, code } = error as HttpError
  // The body parser marks a JSON.parse failure (a syntax error, or nesting too
  // deep to parse) with status 400 and the body it could not read.
  if (status === 400 && typeof (error as { body?: unknown }).body === 'string') {
    return { status: 400, message: 'The request body is not valid JSON' }
  }
  if (message === 'Invalid JSON, only supports object and array') {
    return { status: 400, message: 'The request body must be a JSON object.' }
  }
  if (code === UNDECODABLE_BODY_CODE) {
    return { status: 400, message: message! }
  }
  if (code === 'E_REQUEST_ENTITY_TOO_LARGE') {
    return { status: 413, message: 'The request is too large.' }
  }
  if (code && UNSERVABLE_KEY_CODES.has(code)) {
    return { status: 404, message: 'Not found' }
  }
  return null
}

/**
 * PostgreSQL error classes that mean the connection, not the request, failed:
 * 08 connection exception, 57P01–57P03 the server terminated or is starting.
 */
const LOST_CONNECTION_CODES = /^(08...|57P0[123])$/
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Timeout acquiring a connection',
  // pg, for a query sent on a pooled client whose connection died before it noticed
  'is not queryable',
]

/**
 * The database connection dropped under the request (the server restarted, or
 * an operator ended the app's sessions): the pool reconnects on the next
 * query, so the answer is "try again", not an internal error.
 */
function unavailableAnswer(error: unknown): { status: number; message: string } | null {
  const { code, message } = error as HttpError
  const lost =
    (code && (LOST_CONNECTION_CODES.test(code) || code === 'ECONNREFUSED')) ||
    LOST_CONNECTION_MESSAGES.some((text) => message?.includes(text))
  return lost
    ? { status: 503, message: 'The service is briefly unavailable. Please try again.' }
    : null
}

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  async handle(error: unknown, ctx: HttpContext) {
    const answer = badRequestAnswer(error) ?? unavailableAnswer(error)
    const status = answer?.status ?? (error as HttpError).status ?? 500
    if (status === 503) {
      ctx.response.header('Retry-After', '1')
    }

    if (isApiRequest(ctx)) {
      return this.#renderApiError(error, status, answer?.message, ctx)
    }
    if (isMcpRequest(ctx)) {
      return this.#renderMcpError(error, status, answer?.message, ctx)
    }

    if (status === 404 && ctx.request.method() === 'GET') {
      const page = await ctx.inertia.render('core/not_found', {
        path: ctx.request.url(),
        resource: error instanceof MissingResourceException ? error.resource : null,
      })
      return ctx.response.status(404).send(page)
    }

    const ownAnswer =
      error instanceof vineErrors.E_VALIDATION_ERROR ||
      typeof (error as HttpError).handle === 'function'
    if ((status < 500 && !ownAnswer) || (answer && status === 503)) {
      return this.#renderClientError(status, answer?.message ?? this.#messageOf(error), ctx)
    }
    // Adonis would print the error's own message, which may quote SQL.
    if (status >= 500 && !this.debug) {
      return this.#renderClientError(status, 'Internal server error', ctx)
    }

    return super.handle(error, ctx)
  }

  async report(error: unknown, ctx: HttpContext) {
    if (badRequestAnswer(error)) return
    return super.report(error, ctx)
  }

  #messageOf(error: unknown) {
    if (error instanceof MissingResourceException) return error.message
    const { status, message } = error as HttpError
    return status === 404 ? 'Not found' : (message ?? 'Request failed')
  }

  /**
   * API errors are `{ message, errors? }` with the error's status; details of
   * unexpected failures stay in the log.
   */
  #renderApiError(error: unknown, status: number, message: string | undefined, ctx: HttpContext) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const messages = error.messages as { field: string; message: string; rule: string }[]
      return ctx.response.status(422).json({ message: messages[0]?.message, errors: messages })
    }
    if (status >= 500) {
      return ctx.response.status(status).json({ message: message ?? 'Internal server error' })
    }
    return ctx.response.status(status).json({ message: message ?? this.#messageOf(error) })
  }

  /**
   * What reaches the MCP endpoint's handler before any MCP message is read
   * (a body that is not JSON, a CSRF refusal, the database gone): a JSON-RPC
   * error, which MCP clients show, with the HTTP status and the API's message.
   */
  #renderMcpError(error: unknown, status: number, message: string | undefined, ctx: HttpContext) {
    const code =
      status >= 500
        ? MCP_ERROR_CODES.internalError
        : status === 400
          ? MCP_ERROR_CODES.parseError
          : MCP_ERROR_CODES.refused
    const text = message ?? (status >= 500 ? 'Internal server error' : this.#messageOf(error))
    return ctx.response.status(status).json(mcpErrorBody(text, code))
  }

  /**
   * An error outside /api as a message, never a stack page (in development
   * too, for refused requests). An Inertia form gets it as a toast on the
   * page it was sent from.
   */
  #renderClientError(status: number, message: string, ctx: HttpContext) {
    if (ctx.request.accepts(['html', 'json']) === 'json') {
      return ctx.response.status(status).json({ message })
    }
    const { session } = ctx as Partial<HttpContext>
    const inertiaForm = ctx.request.header('x-inertia') && ctx.request.method() !== 'GET'
    if (session && inertiaForm && status < 500) {
      session.flash('error', message)
      return ctx.response.redirect().back()
    }
    return ctx.response.status(status).type('text/plain').send(message)
  }
}
