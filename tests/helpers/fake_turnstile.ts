import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for Cloudflare's siteverify endpoint, speaking its wire
 * format: a form-encoded POST answered with `{ success, error-codes }`.
 * Only the token 'pass-token' passes.
 */
export async function startFakeTurnstile() {
  const requests: URLSearchParams[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const form = new URLSearchParams(body)
      requests.push(form)
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'pass-token'
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          'success': success,
          'error-codes': success ? [] : ['invalid-input-response'],
        })
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
