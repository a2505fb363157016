import { extname } from 'node:path'
import { inject } from '@adonisjs/core'
import StaticMiddleware from '@adonisjs/static/static_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * public/ holds only files with an extension (built assets, favicon.svg), so
 * a path without one (every page and /api route) never asks the file system:
 * serve-static's stat per request is skipped where it cannot find anything.
 */
@inject()
export default class StaticFilesMiddleware {
  constructor(private files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (extname(ctx.request.url()) === '') return next()
    return this.files.handle(ctx, next)
  }
}
