import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** The name routes use it by (`middleware.uploads()`), checked by the unexpected-files guard. */
export const UPLOADS_MIDDLEWARE = 'uploads'

/**
 * The one way a route takes files: list it after `middleware.auth()` so
 * nothing is written for a stranger. Streams the request's files to the temp
 * dir (`request.file()` then works) and removes them once the response has
 * gone, whatever the controller did with them; a file it keeps must be moved
 * (`moveToDisk`) before then.
 */
export default class UploadsMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { limit?: string } = {}) {
    const { request, response } = ctx
    if (request.bodyType !== 'multipart') {
      return next()
    }

    const written: string[] = []
    response.response.once('close', () => {
      for (const path of written) void rm(path, { force: true })
    })

    request.multipart.onFile('*', { deferValidations: true }, async (part, reportChunk) => {
      const tmpPath = join(tmpdir(), `upload-${randomUUID()}`)
      written.push(tmpPath)
      part.pause()
      part.on('data', reportChunk)
      try {
        await pipeline(part, createWriteStream(tmpPath))
        return { tmpPath }
      } catch (error) {
        request.multipart.abort(error)
      }
    })
    await request.multipart.process(options.limit ? { limit: options.limit } : undefined)
    return next()
  }
}
