import app from '@adonisjs/core/services/app'
import { errors as vineErrors } from '@vinejs/vine'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { isApiRequest } from '#core/middleware/force_json_for_api_middleware'
import { MissingResourceException } from '#core/exceptions/missing_resource_exception'

type HttpError = { status?: number; message?: string; code?: string }

export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  async handle(error: unknown, ctx: HttpContext) {
    const status = (error as HttpError).status ?? 500

    if (isApiRequest(ctx)) {
      return this.#renderApiError(error, status, ctx)
    }

    if (status === 404 && ctx.request.method() === 'GET') {
      const page = await ctx.inertia.render('core/not_found', {
        path: ctx.request.url(),
        resource: error instanceof MissingResourceException ? error.resource : null,
      })
      return ctx.response.status(404).send(page)
    }

    return super.handle(error, ctx)
  }

  async report(error: unknown, ctx: HttpContext) {
    return super.report(error, ctx)
  }

  /**
   * API errors are `{ message, errors? }` with the error's status; details of
   * unexpected failures stay in the log.
   */
  #renderApiError(error: unknown, status: number, ctx: HttpContext) {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const messages = error.messages as { field: string; message: string; rule: string }[]
      return ctx.response.status(422).json({ message: messages[0]?.message, errors: messages })
    }
    if (status >= 500) {
      return ctx.response.status(status).json({ message: 'Internal server error' })
    }
    if (error instanceof MissingResourceException) {
      return ctx.response.status(404).json({ message: error.message })
    }
    const message =
      status === 404 ? 'Not found' : ((error as HttpError).message ?? 'Request failed')
    return ctx.response.status(status).json({ message })
  }
}
