import { gunzipSync, brotliDecompressSync } from 'node:zlib'
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
    assert.deepEqual(gzip.body(), plain.body())
    assert.lengthOf(plain.body(), 30)
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
})
