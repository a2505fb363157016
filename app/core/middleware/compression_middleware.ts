import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Page HTML and JSON bodies; never the SSE stream, which must flow event by event. */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/html)\b/

/** Below this, the headers and the CPU cost more than the bytes saved. */
const THRESHOLD = 1024

/**
 * The encodings we speak, best first, at their fast settings (as nginx's
 * gzip level 1 is). On an 18 kB page of video cards brotli 1 takes 29 µs,
 * gzip 1 41 µs and gzip 3 87 µs, all for the same 1.7 kB; brotli 4 costs
 * three times brotli 1 for 8 % fewer bytes.
 */
const ENCODERS = {
  br: (body: Buffer) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body: Buffer) => gzipSync(body, { level: 1 }),
}
type Encoding = keyof typeof ENCODERS

/**
 * Compresses JSON and HTML answers with brotli or gzip when the client
 * accepts them (built assets come pre-compressed, see PrecompressedAssets).
 *
 * An answer here is one body handed to `end()` in one piece, so it is
 * compressed in one synchronous call, without a zlib stream and its round
 * trips through the thread pool: the status line and headers wait until
 * the body is known. Anything written piece by piece (SSE, files, streams)
 * goes out as it is.
 */
export default class CompressionMiddleware {
  async handle({ request, response }: HttpContext, next: NextFn) {
    compressWhole(response.response, () => preferredEncoding(request.header('accept-encoding')))
    return next()
  }
}

/**
 * The encoding to answer in: the one the client rates highest (q), ours
 * first among equals. Browsers list `gzip, deflate, br, zstd`, all at q=1,
 * which an order-keeping negotiation reads as "gzip first".
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  const ratings = new Map<string, number>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    if (name) ratings.set(name, q === undefined ? 1 : Number(q))
  }
  let best: Encoding | null = null
  let bestRating = 0
  for (const encoding of Object.keys(ENCODERS) as Encoding[]) {
    const rating = ratings.get(encoding) ?? ratings.get('*') ?? 0
    if (rating > bestRating) {
      best = encoding
      bestRating = rating
    }
  }
  return best
}

function compressWhole(res: ServerResponse, negotiate: () => Encoding | null) {
  const { writeHead, write, end, flushHeaders } = res
  let pending: { status: number; headers?: OutgoingHttpHeaders } | undefined

  const restore = () => {
    Object.assign(res, { writeHead, write, end, flushHeaders })
    if (!pending) return
    const { status, headers } = pending
    pending = undefined
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) res.setHeader(name, value)
    }
    return status
  }
  const sendHeaders = () => {
    const status = restore()
    if (status !== undefined) {
      varyOnEncoding(res)
      res.writeHead(status)
    }
  }

  res.writeHead = function (status: number, ...rest: unknown[]) {
    const headers = rest.find((argument) => typeof argument === 'object') as
      OutgoingHttpHeaders | undefined
    pending = { status, headers }
    return res
  } as ServerResponse['writeHead']

  res.flushHeaders = () => {
    sendHeaders()
    res.flushHeaders()
  }

  res.write = function (...args: Parameters<ServerResponse['write']>) {
    sendHeaders()
    return res.write(...args)
  } as ServerResponse['write']

  res.end = function (chunk?: unknown, ...rest: unknown[]) {
    const status = restore()
    if (status === undefined) return res.end(chunk as string, ...(rest as []))
    const body =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8')
        : chunk
    const encoding = Buffer.isBuffer(body) && compressible(res, status, body) && negotiate()
    if (encoding) {
      const compressed = ENCODERS[encoding](body as Buffer)
      res.setHeader('Content-Encoding', encoding)
      res.setHeader('Content-Length', compressed.length)
      varyOnEncoding(res)
      res.writeHead(status)
      return res.end(
        compressed,
        ...(rest.filter((argument) => typeof argument === 'function') as [])
      )
    }
    varyOnEncoding(res)
    res.writeHead(status)
    return res.end(chunk as string, ...(rest as []))
  } as ServerResponse['end']
}

function compressible(res: ServerResponse, status: number, body: Buffer) {
  return (
    body.length >= THRESHOLD &&
    status !== 204 &&
    status !== 304 &&
    COMPRESSIBLE.test(String(res.getHeader('Content-Type'))) &&
    !res.hasHeader('Content-Encoding') &&
    !/\bno-transform\b/.test(String(res.getHeader('Cache-Control') ?? ''))
  )
}

/** A JSON or HTML answer differs by Accept-Encoding, compressed this time or not. */
function varyOnEncoding(res: ServerResponse) {
  if (!COMPRESSIBLE.test(String(res.getHeader('Content-Type')))) return
  const vary = String(res.getHeader('Vary') ?? '')
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) return
  res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
}
