import { createReadStream } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import drive from '@adonisjs/drive/services/main'
import { FSDriver } from '@adonisjs/drive/drivers/fs'

/** Where the fs disk's signed media URLs point (config/drive.ts, `routeBasePath`). */
const UPLOADS = '/uploads/'
/** One range: `bytes=first-last`, `bytes=first-` or the last n bytes, `bytes=-n`. */
const ONE_RANGE = /^bytes=(\d*)-(\d*)$/

/** The bytes asked for in a file of `size` bytes, or null when none of them is in it. */
function rangeOf(header: RegExpExecArray, size: number) {
  const [, first, last] = header
  if (first === '') {
    const suffix = Number(last)
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : null
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  return start <= end ? { start, end } : null
}

/**
 * Byte ranges of the fs disk's media files. Its route (@adonisjs/drive's
 * `/uploads/*`) sends whole files only, so a player could not seek past
 * what it had loaded and Safari would not play a video at all; S3 answers
 * ranges itself. A GET with one range and a valid signature is answered
 * here, with what the signed URL asks for (its `contentType`,
 * `contentDisposition`); anything else goes on to the route, which checks
 * the signature itself. Every answer says ranges are taken.
 */
export default class MediaRangesMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    const path = request.url()
    if (!path.startsWith(UPLOADS) || request.method() !== 'GET') return next()
    response.header('Accept-Ranges', 'bytes')
    const asked = ONE_RANGE.exec(request.header('range') ?? '')
    // An If-Range whose file may have changed gets the whole file, from the route.
    if (!asked || request.header('if-range') || !request.hasValidSignature()) return next()
    const disk = drive.use()
    if (!(disk.driver instanceof FSDriver)) return next()

    let key: string
    try {
      key = decodeURIComponent(path.slice(UPLOADS.length))
    } catch {
      return next()
    }
    if (!(await disk.exists(key))) return next()
    const metadata = await disk.getMetaData(key)
    const size = metadata.contentLength
    const range = rangeOf(asked, size)
    if (!range) {
      response.header('Content-Range', `bytes */${size}`)
      return response.status(416).send('')
    }
    const { start, end } = range
    response.status(206)
    response.header('Content-Range', `bytes ${start}-${end}/${size}`)
    response.header('Content-Length', String(end - start + 1))
    response.header('ETag', metadata.etag)
    response.header('Content-Type', request.input('contentType') ?? metadata.contentType)
    const disposition = request.input('contentDisposition')
    if (disposition) response.header('Content-Disposition', disposition)
    const { location } = disk.driver.options
    const root = typeof location === 'string' ? location : fileURLToPath(location)
    response.stream(createReadStream(join(root, key), range))
  }
}
