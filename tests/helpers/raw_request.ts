import http from 'node:http'
import env from '#start/env'

/**
 * A request to the test server with the path sent byte for byte: the API
 * client's URL parsing would resolve `%2e%2e` segments before sending.
 */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string
) {
  return new Promise<{
    status: number
    headers: http.IncomingHttpHeaders
    body: string
    raw: Buffer
  }>((resolve, reject) => {
    const request = http.request(
      { host: env.get('HOST'), port: env.get('PORT'), method, path, headers },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const raw = Buffer.concat(chunks)
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: raw.toString('utf8'),
            raw,
          })
        })
      }
    )
    request.on('error', reject)
    request.end(body)
  })
}
