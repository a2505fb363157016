import type { IncomingMessage, ServerResponse } from 'node:http'

const MESSAGE = 'The address is not valid.'

/**
 * A path with broken percent-encoding (`/api/projects/%`) is refused before
 * it reaches the router or the exception handler: answer it like any other
 * refused request, JSON under /api.
 */
export function answerBadUrl(request: IncomingMessage, response: ServerResponse) {
  const json = request.url?.startsWith('/api/') || request.headers.accept?.includes('json')
  response.writeHead(400, { 'Content-Type': json ? 'application/json' : 'text/plain' })
  response.end(json ? JSON.stringify({ message: MESSAGE }) : MESSAGE)
}
