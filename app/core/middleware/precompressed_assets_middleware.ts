import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname } from 'node:path'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Built assets: content-hashed names, so a year of caching is safe. */
export const ASSET_PREFIX = '/assets/'
export const IMMUTABLE = 'public, max-age=31536000, immutable'
const ASSET_PATH = /^\/assets\/(?:[\w-]+\/)*[\w.-]+$/

/** The encodings the build writes beside each asset (`.br`, `.gz`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

/**
 * Serves a built asset's pre-compressed twin (written by the Vite build)
 * when the client accepts its encoding, with a year of cache; anything
 * else falls through to the static server.
 */
export default class PrecompressedAssetsMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    const path = request.url()
    const contentType = CONTENT_TYPES[extname(path)]
    if (!['GET', 'HEAD'].includes(request.method()) || !contentType || !ASSET_PATH.test(path)) {
      return next()
    }
    const accepted = request.encodings()
    for (const encoding of ENCODINGS) {
      if (!accepted.includes(encoding.name)) continue
      const file = app.publicPath(path.slice(1) + encoding.suffix)
      const stats = await stat(file).catch(() => null)
      if (!stats?.isFile()) continue
      response.header('Content-Type', contentType)
      response.header('Content-Encoding', encoding.name)
      response.header('Content-Length', stats.size)
      response.header('Cache-Control', IMMUTABLE)
      response.header('Vary', 'Accept-Encoding')
      if (request.method() === 'HEAD') return
      return response.stream(createReadStream(file))
    }
    return next()
  }
}
