import { createServer, STATUS_CODES, type RequestListener } from 'node:http'
import type { Duplex } from 'node:stream'

/** What a person reads when Node refuses a request before the app sees it. */
export const CLIENT_ERROR_MESSAGES = {
  headersTooLarge:
    'The request’s address and headers are too large (16 KB at most). Send long values in the body.',
  unreadable: 'The request could not be read: it is not well-formed HTTP.',
} as const

/**
 * The app's Node HTTP server (bin/server.ts and the test suites'). Node
 * answers a request it cannot parse (headers past 16 KB, malformed HTTP)
 * itself, with an empty 431 or 400; here that answer carries a JSON
 * message like every other refusal of the API (README.md, Routes and input).
 */
export function createAppServer(handler: RequestListener) {
  const server = createServer(handler)
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
    const status = tooLarge ? 431 : 400
    const body = JSON.stringify({
      message: tooLarge ? CLIENT_ERROR_MESSAGES.headersTooLarge : CLIENT_ERROR_MESSAGES.unreadable,
    })
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body
    )
  })
  return server
}
