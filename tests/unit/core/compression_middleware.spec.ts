import { test } from '@japa/runner'
import http from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { HttpContextFactory, RequestFactory, ResponseFactory } from '@adonisjs/core/factories/http'
import type { HttpContext } from '@adonisjs/core/http'
import CompressionMiddleware, { preferredEncoding } from '#core/middleware/compression_middleware'

/** A real server whose every request goes through the middleware, then `answer`. */
async function serve(answer: (ctx: HttpContext) => Promise<void> | void) {
  const server = http.createServer(async (req, res) => {
    const ctx = new HttpContextFactory()
      .merge({
        request: new RequestFactory().merge({ req, res }).create(),
        response: new ResponseFactory().merge({ req, res }).create(),
      })
      .create()
    await new CompressionMiddleware().handle(ctx, async () => {
      await answer(ctx)
    })
    if (ctx.response.hasLazyBody) ctx.response.finish()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}/` }
}

/** The answer as it came over the wire, not decoded (fetch would gunzip it). */
async function rawGet(url: string, headers: Record<string, string>) {
  const request = http.get(url, { headers })
  const [response] = (await once(request, 'response')) as [http.IncomingMessage]
  const chunks: Buffer[] = []
  for await (const chunk of response) chunks.push(chunk as Buffer)
  return { headers: response.headers, wire: Buffer.concat(chunks) }
}

/** A JSON answer well over the compression threshold. */
const LIST = { videos: Array.from({ length: 50 }, (_, id) => ({ id, title: `Video ${id}` })) }

test.group('Compression middleware', () => {
  test('an event stream flows event by event, never compressed', async ({ assert, cleanup }) => {
    let sendSecond!: () => void
    const { server, url } = await serve(({ response }) => {
      const res = response.response
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write(`data: ${'first '.repeat(400)}\n\n`)
      sendSecond = () => res.end(`data: second\n\n`)
    })
    cleanup(() => void server.close())

    const request = http.get(url, { headers: { 'Accept-Encoding': 'gzip, br' } })
    const [response] = (await once(request, 'response')) as [http.IncomingMessage]
    const [first] = (await once(response, 'data')) as [Buffer]
    sendSecond()
    const rest: Buffer[] = []
    for await (const chunk of response) rest.push(chunk as Buffer)

    assert.isUndefined(response.headers['content-encoding'])
    assert.match(first.toString('utf8'), /^data: first/)
    assert.equal(Buffer.concat(rest).toString('utf8'), 'data: second\n\n')
  })

  test('a whole JSON answer is compressed in one piece with its length', async ({
    assert,
    cleanup,
  }) => {
    const { server, url } = await serve(({ response }) => response.send(LIST))
    cleanup(() => void server.close())

    const { headers, wire } = await rawGet(url, { 'Accept-Encoding': 'gzip' })

    assert.equal(headers['content-encoding'], 'gzip')
    assert.equal(Number(headers['content-length']), wire.length)
    assert.include(headers.vary, 'Accept-Encoding')
    assert.deepEqual(JSON.parse(gunzipSync(wire).toString('utf8')), LIST)
  })

  test('an answer marked no-transform goes out as it is', async ({ assert, cleanup }) => {
    const body = { text: 'x'.repeat(4096) }
    const { server, url } = await serve(({ response }) => {
      response.header('Cache-Control', 'no-transform')
      response.send(body)
    })
    cleanup(() => void server.close())

    const { headers, wire } = await rawGet(url, { 'Accept-Encoding': 'gzip' })

    assert.isUndefined(headers['content-encoding'])
    assert.deepEqual(JSON.parse(wire.toString('utf8')), body)
  })

  test('a browser that lists gzip first still gets brotli, the cheaper of the two', async ({
    assert,
    cleanup,
  }) => {
    const { server, url } = await serve(({ response }) => response.send(LIST))
    cleanup(() => void server.close())

    const { headers, wire } = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })

    assert.equal(headers['content-encoding'], 'br')
    assert.deepEqual(JSON.parse(brotliDecompressSync(wire).toString('utf8')), LIST)
  })

  test("the client's q-values come first, our preference only breaks ties", ({ assert }) => {
    assert.equal(preferredEncoding('gzip, deflate, br, zstd'), 'br')
    assert.equal(preferredEncoding('br;q=0.5, gzip'), 'gzip')
    assert.equal(preferredEncoding('br;q=0, gzip'), 'gzip')
    assert.equal(preferredEncoding('GZIP'), 'gzip')
    assert.equal(preferredEncoding('*'), 'br')
    assert.equal(preferredEncoding('*;q=0.2, gzip;q=0.1'), 'br')
    assert.isNull(preferredEncoding('identity'))
    assert.isNull(preferredEncoding('gzip;q=0, br;q=0'))
    assert.isNull(preferredEncoding(undefined))
  })
})
