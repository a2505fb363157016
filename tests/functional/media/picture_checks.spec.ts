import { test } from '@japa/runner'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { Readable } from 'node:stream'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#auth/models/user'
import { MediaStorage } from '#media/services/media_storage'
import { READS_HEIC } from '#media/services/picture_files'
import { PictureUploads, UPLOAD_URL_TTL_SECONDS, uploadKey } from '#media/services/picture_uploads'
import { createAccount } from '#tests/helpers/auth'
import {
  PDF,
  SVG,
  makeAnimatedGif,
  makeAnimatedPng,
  makeAnimatedWebp,
  makeGif,
  makeJpeg,
  makePng,
  makePngBomb,
  pictureRowsOf,
  putBytes,
  registerUpload,
  removeStoredPictures,
  requestUploadUrl,
  storedFor,
  ticketFor,
  useFakeS3,
} from '#tests/helpers/pictures'

/**
 * Hostile and broken files, each sent the way a browser sends a picture
 * (upload URL, PUT, register): refused with a status and a sentence a
 * person understands, and afterwards nothing of it is stored and no
 * picture row exists.
 */

/** HEIC is named only where the installed sharp decodes it (the prebuilt one does not). */
const ACCEPTED = READS_HEIC ? 'JPEG, PNG, WebP or AVIF/HEIC' : 'JPEG, PNG, WebP or AVIF'
const NOT_A_PICTURE = `That file isn't a picture we can use. Upload a ${ACCEPTED} image.`
const ANIMATED = `Animated pictures can't be used. Upload a still ${ACCEPTED} image.`
const TOO_MANY_PIXELS = 'That picture is too large: at most 50 megapixels.'
const TOO_LARGE = 'That picture is larger than 20 MB.'

async function scratchDirs() {
  const names = await readdir(tmpdir())
  return names.filter((name) => name.startsWith('reelforge-picture-')).length
}

async function sendFile(client: ApiClient, user: User, name: string, bytes: Buffer) {
  const ticket = await requestUploadUrl(client, user, { name })
  ticket.assertStatus(201)
  const { upload, uploadURL } = ticket.body() as { upload: string; uploadURL: string }
  const put = await putBytes(client, user, uploadURL, bytes)
  const registered = await registerUpload(client, user, upload)
  return { upload, put, registered }
}

type HostileCase = {
  file: string
  name: string
  make: () => Promise<Buffer> | Buffer
  status: number
  message: string
}

const HOSTILE: HostileCase[] = [
  {
    file: 'an SVG (with a script)',
    name: 'logo.svg',
    make: () => SVG,
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'an SVG named .jpg',
    name: 'photo.jpg',
    make: () => SVG,
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'a still GIF',
    name: 'still.gif',
    make: () => makeGif(),
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'an animated GIF',
    name: 'dance.gif',
    make: makeAnimatedGif,
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'an animated WebP',
    name: 'dance.webp',
    make: makeAnimatedWebp,
    status: 422,
    message: ANIMATED,
  },
  {
    file: 'an animated PNG (APNG)',
    name: 'dance.png',
    make: makeAnimatedPng,
    status: 422,
    message: ANIMATED,
  },
  { file: 'a PDF', name: 'scan.pdf', make: () => PDF, status: 422, message: NOT_A_PICTURE },
  {
    file: 'a text file renamed .jpg',
    name: 'holiday.jpg',
    make: () => Buffer.from('Dear diary, today we went to the beach.\n'.repeat(40)),
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'a polyglot: HTML, then a JPEG',
    name: 'photo.jpg',
    make: async () =>
      Buffer.concat([
        Buffer.from('<html><script>alert(document.cookie)</script>'),
        await makeJpeg(),
      ]),
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'JPEG magic bytes in front of text',
    name: 'photo.jpg',
    make: () =>
      Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('not a picture '.repeat(50)),
      ]),
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'a PNG signature in front of a JPEG',
    name: 'photo.png',
    make: async () => Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), await makeJpeg()]),
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'a truncated JPEG',
    name: 'cut.jpg',
    make: async () => {
      const jpeg = await makeJpeg(400, 300)
      return jpeg.subarray(0, Math.floor(jpeg.length * 0.6))
    },
    status: 422,
    message: NOT_A_PICTURE,
  },
  {
    file: 'a truncated PNG',
    name: 'cut.png',
    make: async () => {
      const png = await makePng(300, 200)
      return png.subarray(0, Math.floor(png.length * 0.5))
    },
    status: 422,
    message: NOT_A_PICTURE,
  },
]

test.group('Pictures: hostile and broken files', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{file} is refused: {status}, and nothing is stored')
    .with(HOSTILE)
    .run(async ({ client, assert, cleanup }, { name, make, status, message }) => {
      const user = await createAccount('hostile@example.com')
      removeStoredPictures(cleanup, [user])
      const storedBefore = await storedFor(user.id)
      const rowsBefore = await pictureRowsOf(user.id)

      const { put, registered } = await sendFile(client, user, name, await make())

      put.assertStatus(200)
      registered.assertStatus(status)
      registered.assertBody({ message })
      assert.deepEqual(await storedFor(user.id), storedBefore)
      assert.deepEqual(await pictureRowsOf(user.id), rowsBefore)
    })

  test('a 30,000 × 30,000 PNG bomb is refused from its header, at once, without being decoded', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('bomb@example.com')
    removeStoredPictures(cleanup, [user])
    const bomb = makePngBomb()
    assert.isBelow(bomb.length, 200 * 1024, 'a small file')
    const ticket = await requestUploadUrl(client, user)
    const { upload, uploadURL } = ticket.body()
    await putBytes(client, user, uploadURL, bomb)

    const started = performance.now()
    const registered = await registerUpload(client, user, upload)
    const elapsed = performance.now() - started

    registered.assertStatus(422)
    registered.assertBody({ message: TOO_MANY_PIXELS })
    // decoding 900 megapixels would take seconds and gigabytes
    assert.isBelow(elapsed, 1500)
    assert.deepEqual(await storedFor(user.id), [])
    assert.deepEqual(await pictureRowsOf(user.id), [])
  })

  test('a picture just over 50 megapixels is refused too', async ({ client, cleanup }) => {
    const user = await createAccount('fifty@example.com')
    removeStoredPictures(cleanup, [user])

    const { registered } = await sendFile(client, user, 'wide.png', makePngBomb(7072))

    registered.assertStatus(422)
    registered.assertBody({ message: TOO_MANY_PIXELS })
  })

  test('a body over 20 MB is refused with 413 as it arrives; nothing is stored, no scratch is left', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('huge@example.com')
    removeStoredPictures(cleanup, [user])
    const scratchBefore = await scratchDirs()
    const jpeg = await makeJpeg()
    const huge = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024 + 1 - jpeg.length)])

    const { put, registered } = await sendFile(client, user, 'huge.jpg', huge)

    put.assertStatus(413)
    put.assertBody({ message: TOO_LARGE })
    registered.assertStatus(404)
    assert.deepEqual(await storedFor(user.id), [])
    assert.deepEqual(await pictureRowsOf(user.id), [])
    assert.equal(await scratchDirs(), scratchBefore)
  })

  test('a body far past the limit (40 MB and more) is cut off; nothing is stored, the app carries on', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('endless@example.com')
    removeStoredPictures(cleanup, [user])
    const scratchBefore = await scratchDirs()
    const ticket = await ticketFor(client, user)

    let answer: string
    try {
      const put = await putBytes(client, user, ticket.uploadURL, Buffer.alloc(50 * 1024 * 1024))
      answer = `${put.status()} ${put.body().message}`
    } catch {
      // the connection was closed while the client was still sending: that is the other outcome
      answer = 'cut off'
    }

    assert.oneOf(answer, [`413 ${TOO_LARGE}`, 'cut off'])
    const after = await client.get('/api/me').loginAs(user)
    after.assertStatus(200)
    assert.deepEqual(await storedFor(user.id), [])
    assert.equal(await scratchDirs(), scratchBefore)
  })

  test('an upload whose client hangs up halfway stores nothing and leaves no scratch', async ({
    assert,
    cleanup,
  }) => {
    const user = await createAccount('hangup@example.com')
    removeStoredPictures(cleanup, [user])
    const scratchBefore = await scratchDirs()
    const jpeg = await makeJpeg()
    let sent = false
    const body = new Readable({
      read() {
        if (!sent) {
          sent = true
          return this.push(jpeg.subarray(0, 100))
        }
        this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
      },
    })

    const received = await new PictureUploads(new MediaStorage()).receive(
      user.id,
      `${Math.floor(Date.now() / 1000)}-${'e'.repeat(32)}`,
      body
    )

    assert.deepEqual(received, { status: 'interrupted' })
    assert.deepEqual(await storedFor(user.id), [])
    assert.equal(await scratchDirs(), scratchBefore)
  })

  test('exactly 20 MB arrives (and is then judged by its content)', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('twenty@example.com')
    removeStoredPictures(cleanup, [user])
    const jpeg = await makeJpeg(50, 40)
    const padded = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024 - jpeg.length)])

    const { put, registered } = await sendFile(client, user, 'padded.jpg', padded)

    put.assertStatus(200)
    // a JPEG followed by zeros: the picture is what the JPEG holds
    registered.assertStatus(201)
    assert.containsSubset(registered.body(), { picture: { width: 50, height: 40 } })
  })

  test('an expired URL says so, a tampered one asks for authorization; nothing is stored', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('urls@example.com')
    removeStoredPictures(cleanup, [user])
    const jpeg = await makeJpeg()
    const uploads = new PictureUploads(new MediaStorage())
    const longAgo = Date.now() - (UPLOAD_URL_TTL_SECONDS + 60) * 1000
    const expired = await uploads.issue(user.id, longAgo)
    const fresh = await ticketFor(client, user)

    const late = await putBytes(client, user, expired.uploadURL, jpeg)
    const otherName = await putBytes(
      client,
      user,
      fresh.uploadURL.replace(fresh.upload, `${fresh.upload.split('-')[0]}-${'0'.repeat(32)}`),
      jpeg
    )
    const longer = await putBytes(
      client,
      user,
      fresh.uploadURL.replace(/expires=\d+/, 'expires=99999999999'),
      jpeg
    )
    const forged = await putBytes(
      client,
      user,
      fresh.uploadURL.replace(/signature=[\w-]+/, 'signature=forged'),
      jpeg
    )
    const unsigned = await putBytes(client, user, fresh.uploadURL.split('?')[0], jpeg)

    late.assertStatus(403)
    late.assertBody({ message: 'Request has expired' })
    for (const response of [otherName, longer, forged, unsigned]) {
      response.assertStatus(403)
      response.assertBody({ message: 'Authorization required' })
    }
    assert.deepEqual(await storedFor(user.id), [])
    assert.deepEqual(await pictureRowsOf(user.id), [])
  })

  test('an empty PUT, or one sent as text (parsed before it could be read), stores nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('odd-puts@example.com')
    removeStoredPictures(cleanup, [user])
    const ticket = await ticketFor(client, user)

    const empty = await client.put(ticket.uploadURL).loginAs(user).withCsrfToken()
    const asText = await client
      .put(ticket.uploadURL)
      .unsafeJson(await makeJpeg())
      .type('text/plain')
      .loginAs(user)
      .withCsrfToken()
    const asForm = await client
      .put(ticket.uploadURL)
      .form({ picture: 'x' })
      .loginAs(user)
      .withCsrfToken()

    empty.assertStatus(422)
    asText.assertStatus(415)
    asForm.assertStatus(415)
    assert.deepEqual(await storedFor(user.id), [])
  })

  test("an unknown upload name, or another user's, is a 404 that touches nothing of theirs", async ({
    client,
    assert,
    cleanup,
  }) => {
    const owner = await createAccount('victim-upload@example.com')
    const other = await createAccount('other-upload@example.com')
    removeStoredPictures(cleanup, [owner, other])
    const ticket = await ticketFor(client, owner)
    await putBytes(client, owner, ticket.uploadURL, await makeJpeg())

    const unknown = await registerUpload(
      client,
      other,
      `${Math.floor(Date.now() / 1000)}-${'c'.repeat(32)}`
    )
    const theirs = await registerUpload(client, other, ticket.upload)
    const malformed = await registerUpload(client, other, `../${owner.id}/${ticket.upload}`)

    unknown.assertStatus(404)
    theirs.assertStatus(404)
    malformed.assertStatus(422)
    assert.deepEqual(await storedFor(owner.id), [uploadKey(owner.id, ticket.upload)])
    assert.deepEqual(await pictureRowsOf(other.id), [])
  })
})

test.group('Pictures: hostile files on S3', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a bucket object over 20 MB (S3 cannot cap a presigned PUT) is refused with 413 and deleted', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { storage } = await useFakeS3(cleanup)
    const user = await createAccount('s3-huge@example.com')
    const ticket = await ticketFor(client, user)
    const jpeg = await makeJpeg()
    const huge = Buffer.concat([jpeg, Buffer.alloc(21 * 1024 * 1024)])
    const put = await fetch(ticket.uploadURL, {
      method: 'PUT',
      headers: ticket.headers,
      body: huge,
    })
    assert.equal(put.status, 200)

    const registered = await registerUpload(client, user, ticket.upload)

    registered.assertStatus(413)
    registered.assertBody({ message: TOO_LARGE })
    assert.deepEqual(await storedFor(user.id, storage), [])
    assert.deepEqual(await pictureRowsOf(user.id), [])
  })

  test('an SVG in the bucket is refused with 422 and deleted', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { storage } = await useFakeS3(cleanup)
    const user = await createAccount('s3-svg@example.com')
    const ticket = await ticketFor(client, user, { name: 'logo.jpg' })
    await fetch(ticket.uploadURL, { method: 'PUT', headers: ticket.headers, body: SVG })

    const registered = await registerUpload(client, user, ticket.upload)

    registered.assertStatus(422)
    registered.assertBody({ message: NOT_A_PICTURE })
    assert.deepEqual(await storedFor(user.id, storage), [])
    assert.deepEqual(await pictureRowsOf(user.id), [])
  })
})
