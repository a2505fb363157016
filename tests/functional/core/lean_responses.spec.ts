import { mkdir, rm, writeFile } from 'node:fs/promises'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createAccount } from '#tests/helpers/auth'
import { createVideos } from '#tests/helpers/studio'
import { rawRequest } from '#tests/helpers/raw_request'

/** The `name=value` pairs of a response's Set-Cookie headers, as a browser sends them back. */
function cookieJar(setCookie: string[] | undefined) {
  return (setCookie ?? []).map((cookie) => cookie.split(';')[0]).join('; ')
}

test.group('Lean responses: compressed bodies, no cookie churn', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a JSON answer is gzip or brotli as the client accepts, and the same JSON', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('gzip@example.com')
    await createVideos(user, 30)

    const plain = await client
      .get('/api/my-videos')
      .header('Accept-Encoding', 'identity')
      .loginAs(user)
    const gzip = await client.get('/api/my-videos').header('Accept-Encoding', 'gzip').loginAs(user)
    const brotli = await client.get('/api/my-videos').header('Accept-Encoding', 'br').loginAs(user)

    assert.isUndefined(plain.header('content-encoding'))
    assert.equal(gzip.header('content-encoding'), 'gzip')
    assert.equal(brotli.header('content-encoding'), 'br')
    assert.include(gzip.header('vary'), 'Accept-Encoding')
    assert.include(plain.header('vary'), 'Accept-Encoding')
    assert.deepEqual(gzip.body(), plain.body())
    assert.deepEqual(brotli.body(), plain.body())
    assert.lengthOf(plain.body(), 30)
  })

  test('the encoding the client prefers wins, and a compressed length is the wire length', async ({
    assert,
  }) => {
    const preferGzip = await rawRequest('GET', '/auth', { 'Accept-Encoding': 'br;q=0.5, gzip' })
    const refuseBoth = await rawRequest('GET', '/auth', { 'Accept-Encoding': 'br;q=0, gzip;q=0' })

    assert.equal(preferGzip.headers['content-encoding'], 'gzip')
    assert.equal(Number(preferGzip.headers['content-length']), preferGzip.raw.length)
    assert.include(gunzipSync(preferGzip.raw).toString('utf8'), '<html')
    assert.isUndefined(refuseBoth.headers['content-encoding'])
    assert.include(refuseBoth.body, '<html')
  })

  test('pages are compressed on the wire, and small answers are not', async ({ assert }) => {
    const page = await rawRequest('GET', '/auth', { 'Accept-Encoding': 'gzip' })
    const brotliPage = await rawRequest('GET', '/auth', { 'Accept-Encoding': 'br' })
    const health = await rawRequest('GET', '/health', { 'Accept-Encoding': 'gzip' })

    assert.equal(page.headers['content-encoding'], 'gzip')
    assert.include(gunzipSync(page.raw).toString('utf8'), '<html')
    assert.include(brotliDecompressSync(brotliPage.raw).toString('utf8'), '<html')
    assert.isUndefined(health.headers['content-encoding'])
  })

  test('a second GET that changes nothing in the session sets no cookie', async ({ assert }) => {
    const first = await rawRequest('GET', '/auth')
    const cookies = cookieJar(first.headers['set-cookie'])
    const second = await rawRequest('GET', '/auth', { Cookie: cookies })
    const inertia = await rawRequest('GET', '/auth', {
      'Cookie': cookies,
      'X-Inertia': 'true',
      'X-Requested-With': 'XMLHttpRequest',
    })

    assert.match(cookies, /reelforge-session=/)
    assert.match(cookies, /XSRF-TOKEN=/)
    assert.isUndefined(second.headers['set-cookie'])
    assert.isUndefined(inertia.headers['set-cookie'])
  })

  test('the XSRF cookie from a quiet GET still passes CSRF on the next POST', async ({
    assert,
  }) => {
    const first = await rawRequest('GET', '/auth')
    const cookies = cookieJar(first.headers['set-cookie'])
    await rawRequest('GET', '/auth', { Cookie: cookies })
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookies)![1])
    const post = await rawRequest(
      'POST',
      '/api/verify-captcha',
      { 'Cookie': cookies, 'X-XSRF-TOKEN': xsrf, 'Content-Type': 'application/json' },
      JSON.stringify({ token: 'x' })
    )
    const forged = await rawRequest(
      'POST',
      '/api/verify-captcha',
      { 'Cookie': cookies, 'Content-Type': 'application/json' },
      JSON.stringify({ token: 'x' })
    )

    assert.equal(forged.status, 403)
    assert.notEqual(post.status, 403)
  })

  test('built assets go out pre-compressed with a year of cache', async ({ assert, cleanup }) => {
    const name = `lean-${process.pid}.js`
    const source = `export const bytes = ${JSON.stringify('x'.repeat(4096))}\n`
    await mkdir(app.publicPath('assets'), { recursive: true })
    await writeFile(app.publicPath(`assets/${name}`), source)
    await writeFile(app.publicPath(`assets/${name}.br`), brotliCompressSync(source))
    await writeFile(app.publicPath(`assets/${name}.gz`), gzipSync(source))
    cleanup(() =>
      Promise.all(
        ['', '.br', '.gz'].map((suffix) => rm(app.publicPath(`assets/${name}${suffix}`)))
      ).then(() => undefined)
    )

    const brotli = await rawRequest('GET', `/assets/${name}`, { 'Accept-Encoding': 'gzip, br' })
    const gzip = await rawRequest('GET', `/assets/${name}`, { 'Accept-Encoding': 'gzip' })
    const identity = await rawRequest('GET', `/assets/${name}`)

    assert.equal(brotli.headers['content-encoding'], 'br')
    assert.equal(brotliDecompressSync(brotli.raw).toString('utf8'), source)
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(gzip.raw).toString('utf8'), source)
    assert.equal(gzip.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(brotli.headers['content-type'], 'text/javascript; charset=utf-8')
    assert.isUndefined(identity.headers['content-encoding'])
    assert.equal(identity.body, source)
    assert.equal(identity.headers['cache-control'], 'public, max-age=31536000, immutable')
  })
})
