import { test } from '@japa/runner'
import type { ServerResponse } from 'node:http'
import sharp from 'sharp'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import type User from '#auth/models/user'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import {
  FETCH_MESSAGES,
  FETCH_TIMEOUT_MS,
  MAX_REDIRECTS,
  PictureFetcher,
  type PictureFetcherOptions,
} from '#media/services/picture_fetcher'
import { isPublicAddress } from '#core/http/network_addresses'
import { READS_HEIC } from '#media/services/picture_files'
import { createAccount } from '#tests/helpers/auth'
import {
  SVG,
  makeJpeg,
  pictureRowsOf,
  removeStoredPictures,
  startPictureServer,
  storedFor,
} from '#tests/helpers/pictures'

/**
 * "Import from URL": the server fetches what a user pasted. Refused before
 * any connection: every address that is not public, whether written as an
 * IP, resolved from a name, or reached by a redirect. A local picture
 * server is reachable only with PICTURE_FETCH_PRIVATE=allow (or, for the
 * redirect tests, a fetcher that allows that one server).
 */

type Cleanup = (fn: () => Promise<void> | void) => void

function importUrl(client: ApiClient, user: User, url: unknown) {
  return client.post('/api/pictures/import').json({ url }).loginAs(user).withCsrfToken()
}

/** PICTURE_FETCH_PRIVATE=allow for one test, as a test environment sets it. */
function allowPrivateFetches(cleanup: Cleanup) {
  env.set('PICTURE_FETCH_PRIVATE', 'allow')
  cleanup(() => {
    env.set('PICTURE_FETCH_PRIVATE', undefined as never)
    delete process.env.PICTURE_FETCH_PRIVATE
  })
}

/** The fetcher the import route gets, for one test. */
function useFetcher(cleanup: Cleanup, options: PictureFetcherOptions) {
  app.container.swap(PictureFetcher, () => new PictureFetcher(options))
  cleanup(() => app.container.restore(PictureFetcher))
}

/** A resolver for made-up names, as DNS would answer them. */
function fakeDns(names: Record<string, string[]>) {
  return async (hostname: string) => {
    const addresses = names[hostname]
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
}

function sendJpeg(response: ServerResponse, bytes: Buffer) {
  response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length })
  response.end(bytes)
}

async function assertNothingStored(assert: any, user: User) {
  assert.deepEqual(await storedFor(user.id), [])
  assert.deepEqual(await pictureRowsOf(user.id), [])
}

test.group('Pictures: import from a URL', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('with PICTURE_FETCH_PRIVATE=allow a local picture server works, through the same checks', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateFetches(cleanup)
    const user = await createAccount('importer@example.com')
    removeStoredPictures(cleanup, [user])
    const jpeg = await makeJpeg(90, 60)
    let headers: Record<string, unknown> = {}
    const server = await startPictureServer((request, response) => {
      headers = request.headers
      sendJpeg(response, jpeg)
    })
    cleanup(() => server.close())

    const imported = await importUrl(client, user, `${server.base}/photos/beach.jpg?size=large`)

    imported.assertStatus(201)
    const { picture } = imported.body()
    assert.containsSubset(picture, { width: 90, height: 60 })
    const row = await Picture.findOrFail(picture.id)
    assert.equal(row.userId, user.id)
    assert.deepEqual(await storedFor(user.id), [row.key, row.thumbnailKey].sort())
    const stored = await sharp(Buffer.from(await new MediaStorage().read(row.key))).metadata()
    assert.containsSubset(stored, { format: 'jpeg', width: 90, height: 60 })
    assert.deepEqual(server.paths, ['/photos/beach.jpg?size=large'])
    assert.equal(headers['accept-encoding'], 'identity')
    assert.notProperty(headers, 'cookie')
  })

  test('the content decides: an SVG served as image/jpeg is refused, a redirect is followed', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateFetches(cleanup)
    const user = await createAccount('content@example.com')
    removeStoredPictures(cleanup, [user])
    const jpeg = await makeJpeg(20, 10)
    const server = await startPictureServer((request, response, base) => {
      if (request.url === '/logo.jpg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' })
        return response.end(SVG)
      }
      if (request.url === '/page') {
        response.writeHead(200, { 'content-type': 'text/html' })
        return response.end('<html><body><img src="/photo.jpg"></body></html>')
      }
      if (request.url === '/moved') {
        response.writeHead(302, { location: `${base}/photo.jpg` })
        return response.end()
      }
      if (request.url === '/photo.jpg') return sendJpeg(response, jpeg)
      response.writeHead(404)
      response.end('not here')
    })
    cleanup(() => server.close())

    const svg = await importUrl(client, user, `${server.base}/logo.jpg`)
    const page = await importUrl(client, user, `${server.base}/page`)
    const missing = await importUrl(client, user, `${server.base}/nothing.jpg`)

    for (const refused of [svg, page, missing]) {
      refused.assertStatus(422)
      refused.assertBody({ message: FETCH_MESSAGES.notPicture })
    }
    assert.equal(
      FETCH_MESSAGES.notPicture,
      `That address didn't return a picture. Paste the address of the image itself (${READS_HEIC ? 'JPEG, PNG, WebP or AVIF/HEIC' : 'JPEG, PNG, WebP or AVIF'}).`
    )
    await assertNothingStored(assert, user)

    const moved = await importUrl(client, user, `${server.base}/moved`)
    moved.assertStatus(201)
    assert.containsSubset(moved.body(), { picture: { width: 20, height: 10 } })
  })

  test('a server too slow is given up after the time limit (15 s in the app)', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateFetches(cleanup)
    useFetcher(cleanup, { timeoutMs: 400 })
    const user = await createAccount('slow@example.com')
    const jpeg = await makeJpeg()
    const server = await startPictureServer((_request, response) => {
      // the headers and half the picture, then nothing
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length })
      response.write(jpeg.subarray(0, jpeg.length / 2))
    })
    cleanup(() => server.close())

    const started = performance.now()
    const slow = await importUrl(client, user, `${server.base}/stalls.jpg`)
    const elapsed = performance.now() - started

    slow.assertStatus(422)
    slow.assertBody({
      message: 'The picture at that address took too long to download (more than 15 seconds).',
    })
    assert.isBelow(elapsed, 3000)
    assert.equal(FETCH_TIMEOUT_MS, 15_000)
    await assertNothingStored(assert, user)
  })

  test('more than 20 MB is refused: announced by Content-Length, or counted as it streams', async ({
    client,
    assert,
    cleanup,
  }) => {
    allowPrivateFetches(cleanup)
    const user = await createAccount('large@example.com')
    const jpeg = await makeJpeg()
    let streamed = 0
    const server = await startPictureServer((request, response) => {
      if (request.url === '/announced.jpg') {
        // says 25 MB and sends a little: refused from the header, without waiting for the rest
        response.writeHead(200, {
          'content-type': 'image/jpeg',
          'content-length': 25 * 1024 * 1024,
        })
        return response.write(jpeg)
      }
      // no Content-Length: 1 MB chunks until the client hangs up
      response.writeHead(200, { 'content-type': 'image/jpeg' })
      const chunk = Buffer.alloc(1024 * 1024)
      const send = () => {
        while (streamed < 64 * 1024 * 1024) {
          streamed += chunk.length
          if (!response.write(chunk)) return response.once('drain', send)
        }
        response.end()
      }
      send()
    })
    cleanup(() => server.close())

    const announced = await importUrl(client, user, `${server.base}/announced.jpg`)
    const counted = await importUrl(client, user, `${server.base}/endless.jpg`)

    for (const refused of [announced, counted]) {
      refused.assertStatus(422)
      refused.assertBody({ message: 'The picture at that address is larger than 20 MB.' })
    }
    assert.isBelow(streamed, 40 * 1024 * 1024, 'the download stopped soon after 20 MB')
    await assertNothingStored(assert, user)
  })

  test('at most 3 redirects are followed', async ({ client, assert, cleanup }) => {
    allowPrivateFetches(cleanup)
    const user = await createAccount('redirects@example.com')
    removeStoredPictures(cleanup, [user])
    const jpeg = await makeJpeg(12, 12)
    const server = await startPictureServer((request, response, base) => {
      const hops = Number(request.url!.split('/')[1])
      if (hops > 0) {
        response.writeHead(301, { location: `${base}/${hops - 1}` })
        return response.end()
      }
      sendJpeg(response, jpeg)
    })
    cleanup(() => server.close())

    const three = await importUrl(client, user, `${server.base}/${MAX_REDIRECTS}`)
    const four = await importUrl(client, user, `${server.base}/${MAX_REDIRECTS + 1}`)

    three.assertStatus(201)
    four.assertStatus(422)
    four.assertBody({ message: "That address can't be fetched: it redirects more than 3 times." })
    assert.equal(MAX_REDIRECTS, 3)
  })

  test('only http and https, without credentials', async ({ client, assert }) => {
    const user = await createAccount('schemes@example.com')

    for (const url of [
      'ftp://example.com/photo.jpg',
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'just some words',
      '//example.com/photo.jpg',
    ]) {
      const refused = await importUrl(client, user, url)
      refused.assertStatus(422)
      refused.assertBody({
        message: "That address can't be fetched: it isn't an http or https address.",
      })
    }
    const withPassword = await importUrl(client, user, 'https://user:secret@example.com/a.jpg')
    withPassword.assertStatus(422)
    withPassword.assertBody({
      message:
        "That address can't be fetched: addresses with a user name or password aren't allowed.",
    })
    const notText = await importUrl(client, user, ['https://example.com/a.jpg'])
    notText.assertStatus(422)
    await assertNothingStored(assert, user)
  })
})

test.group('Pictures: import never reaches a private address', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const PRIVATE =
    "That address can't be fetched: it points to a private, local or reserved network address."

  test('{address} is refused before any connection')
    .with([
      { address: 'loopback 127.0.0.1', url: (port: number) => `http://127.0.0.1:${port}/a.jpg` },
      { address: 'loopback 127.1.2.3', url: (port: number) => `http://127.1.2.3:${port}/a.jpg` },
      { address: 'loopback as a number', url: (port: number) => `http://2130706433:${port}/a.jpg` },
      { address: 'loopback in hex', url: (port: number) => `http://0x7f.0.0.1:${port}/a.jpg` },
      { address: 'IPv6 loopback [::1]', url: (port: number) => `http://[::1]:${port}/a.jpg` },
      {
        address: 'IPv4-mapped loopback [::ffff:127.0.0.1]',
        url: (port: number) => `http://[::ffff:127.0.0.1]:${port}/a.jpg`,
      },
      { address: 'unspecified 0.0.0.0', url: (port: number) => `http://0.0.0.0:${port}/a.jpg` },
      { address: 'private 10.0.0.1', url: () => 'http://10.0.0.1/a.jpg' },
      { address: 'private 172.16.5.4', url: () => 'https://172.16.5.4/a.jpg' },
      { address: 'private 192.168.1.1', url: () => 'http://192.168.1.1/a.jpg' },
      { address: 'carrier-grade NAT 100.64.0.1', url: () => 'http://100.64.0.1/a.jpg' },
      {
        address: 'cloud metadata 169.254.169.254',
        url: () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      },
      { address: 'unique local [fd00::1]', url: () => 'http://[fd00::1]/a.jpg' },
      { address: 'link-local [fe80::1]', url: () => 'http://[fe80::1]/a.jpg' },
      { address: 'multicast 224.0.0.1', url: () => 'http://224.0.0.1/a.jpg' },
      {
        address: 'the name localhost (resolves to 127.0.0.1)',
        url: (port: number) => `http://localhost:${port}/a.jpg`,
      },
    ])
    .run(async ({ client, assert, cleanup }, { url }) => {
      const user = await createAccount('ssrf@example.com')
      const server = await startPictureServer((_request, response) =>
        sendJpeg(response, Buffer.from('x'))
      )
      cleanup(() => server.close())

      const started = performance.now()
      const refused = await importUrl(client, user, url(server.port))

      refused.assertStatus(422)
      refused.assertBody({ message: PRIVATE })
      assert.equal(server.connections, 0)
      assert.isBelow(performance.now() - started, 2000, 'refused at once, not timed out')
      await assertNothingStored(assert, user)
    })

  test('a name whose every address is private is refused: the check is on the addresses connected to', async ({
    client,
    assert,
    cleanup,
  }) => {
    const server = await startPictureServer((_request, response) =>
      sendJpeg(response, Buffer.from('x'))
    )
    cleanup(() => server.close())
    useFetcher(cleanup, {
      resolve: fakeDns({
        'pictures.example': ['127.0.0.1'],
        'mixed.example': ['10.1.2.3', '127.0.0.1', '::1'],
        'metadata.example': ['169.254.169.254'],
        'mapped.example': ['::ffff:192.168.0.10'],
      }),
    })
    const user = await createAccount('rebind@example.com')

    for (const name of [
      'pictures.example',
      'mixed.example',
      'metadata.example',
      'mapped.example',
    ]) {
      const refused = await importUrl(client, user, `http://${name}:${server.port}/a.jpg`)
      refused.assertStatus(422)
      refused.assertBody({ message: PRIVATE })
    }
    const unknown = await importUrl(client, user, `http://nowhere.example:${server.port}/a.jpg`)
    unknown.assertStatus(422)
    unknown.assertBody({ message: "That address can't be fetched: its server couldn't be found." })
    assert.equal(server.connections, 0)
    await assertNothingStored(assert, user)
  })

  test('the name is resolved once, by the socket that connects: the address checked is the one used', async ({
    client,
    assert,
    cleanup,
  }) => {
    const jpeg = await makeJpeg(10, 10)
    const server = await startPictureServer((_request, response) => sendJpeg(response, jpeg))
    cleanup(() => server.close())
    const user = await createAccount('rebinding@example.com')
    removeStoredPictures(cleanup, [user])
    // Here only the test server's 127.0.0.1 may be connected to, 127.0.0.2 may not. A fetcher
    // that checked one answer and then connected after asking again (DNS rebinding) would
    // check one address and use the other.
    const rebinding = (answers: string[]) => {
      let asked = 0
      useFetcher(cleanup, {
        resolve: async () => [
          { address: answers[Math.min(asked++, answers.length - 1)], family: 4 },
        ],
        allowAddress: (address) => address === '127.0.0.1',
      })
      return () => asked
    }

    const askedAllowedFirst = rebinding(['127.0.0.1', '127.0.0.2'])
    const allowedFirst = await importUrl(client, user, `http://rebind.example:${server.port}/a.jpg`)
    assert.equal(askedAllowedFirst(), 1)
    allowedFirst.assertStatus(201)
    assert.equal(server.connections, 1)

    const askedRefusedFirst = rebinding(['127.0.0.2', '127.0.0.1'])
    const refusedFirst = await importUrl(client, user, `http://rebind.example:${server.port}/a.jpg`)
    assert.equal(askedRefusedFirst(), 1)
    refusedFirst.assertStatus(422)
    refusedFirst.assertBody({ message: PRIVATE })
    assert.equal(server.connections, 1, 'nothing more connected')
  })

  test('a redirect from an allowed server to a private address is refused, each time', async ({
    client,
    assert,
    cleanup,
  }) => {
    const targets: Record<string, string> = {
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-private': 'http://10.0.0.1/admin',
      '/to-loopback-v6': 'http://[::1]/a.jpg',
      '/to-name': 'http://internal.example/a.jpg',
    }
    const server = await startPictureServer((request, response) => {
      response.writeHead(302, { location: targets[request.url!] })
      response.end()
    })
    cleanup(() => server.close())
    // the test server (127.0.0.1) is let through; every other address is judged as in production
    useFetcher(cleanup, {
      resolve: fakeDns({ 'internal.example': ['192.168.1.10'] }),
      allowAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
    })
    const user = await createAccount('redirected@example.com')

    for (const path of ['/to-metadata', '/to-private', '/to-loopback-v6', '/to-name']) {
      const refused = await importUrl(client, user, `${server.base}${path}`)
      refused.assertStatus(422)
      refused.assertBody({ message: PRIVATE })
    }
    assert.deepEqual(server.paths, ['/to-metadata', '/to-private', '/to-loopback-v6', '/to-name'])
    await assertNothingStored(assert, user)
  })
})
