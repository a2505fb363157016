import { test } from '@japa/runner'
import sharp from 'sharp'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { AttachPictures } from '#media/actions/attach_pictures'
import Picture from '#media/models/picture'
import { OwnedPictures } from '#media/queries/owned_pictures'
import { MediaStorage } from '#media/services/media_storage'
import { PICTURE_MAX_SIDE, READS_HEIC, THUMBNAIL_MAX_SIDE } from '#media/services/picture_files'
import { PICTURE_UPLOAD_NAME, uploadKey } from '#media/services/picture_uploads'
import { createAccount } from '#tests/helpers/auth'
import {
  GPS_IFD_TAG,
  ZIP_MAGIC,
  exifIfd0Tags,
  fakeZip,
  makeAvif,
  makeJpeg,
  makeJpegWithGps,
  makePng,
  makeWebp,
  pictureRowsOf,
  registerUpload,
  removeStoredPictures,
  requestUploadUrl,
  storedFor,
  uploadPicture,
  useFakeS3,
} from '#tests/helpers/pictures'

/** A 30 × 20 picture in one colour, to be written in some other form. */
function colour() {
  return sharp({
    create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 60, b: 10 } },
  })
}

type PictureBody = {
  picture: { id: number; width: number; height: number; thumbnailUrl: string; url: string }
}

test.group('Pictures: the upload flow', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('on the fs disk: upload URL, PUT, register, read back, delete', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('creator@example.com')
    removeStoredPictures(cleanup, [user])
    const storage = new MediaStorage()
    const jpeg = await makeJpeg(120, 90)

    const ticket = await requestUploadUrl(client, user, { name: 'Beach.JPG', size: jpeg.length })
    ticket.assertStatus(201)
    const { upload, uploadURL, method, headers } = ticket.body()
    assert.match(upload, PICTURE_UPLOAD_NAME)
    assert.match(
      uploadURL,
      new RegExp(`^/api/pictures/uploads/${upload}\\?expires=\\d+&signature=[\\w-]+$`)
    )
    assert.equal(method, 'PUT')
    assert.deepEqual(headers, { 'content-type': 'application/octet-stream' })
    const expires = Number(new URL(uploadURL, 'http://x').searchParams.get('expires'))
    assert.closeTo(expires - Date.now() / 1000, 30 * 60, 5)

    const put = await client
      .put(uploadURL)
      .unsafeJson(jpeg)
      .type('application/octet-stream')
      .loginAs(user)
      .withCsrfToken()
    put.assertStatus(200)
    put.assertBody({ upload, size: jpeg.length })
    assert.deepEqual(await storedFor(user.id), [uploadKey(user.id, upload)])
    assert.deepEqual(Buffer.from(await storage.read(uploadKey(user.id, upload))), jpeg)

    const registered = await registerUpload(client, user, upload)
    registered.assertStatus(201)
    const { picture } = registered.body() as PictureBody
    assert.containsSubset(picture, { width: 120, height: 90 })
    const row = await Picture.findOrFail(picture.id)
    assert.equal(row.userId, user.id)
    assert.match(row.key, new RegExp(`^pictures/${user.id}/[0-9a-f]{32}\\.jpg$`))
    assert.equal(row.thumbnailKey, row.key.replace('.jpg', '-thumb.jpg'))
    assert.equal(row.contentType, 'image/jpeg')
    assert.isNull(row.attachedAt)
    assert.deepEqual(
      await storedFor(user.id),
      [row.key, row.thumbnailKey].sort(),
      'raw upload gone'
    )

    const image = await client.get(picture.url)
    const thumbnail = await client.get(picture.thumbnailUrl)
    image.assertStatus(200)
    thumbnail.assertStatus(200)
    const served = await sharp(Buffer.from(image.body() as Buffer)).metadata()
    assert.containsSubset(served, { format: 'jpeg', width: 120, height: 90 })
    assert.equal(row.byteSize, (image.body() as Buffer).length)

    const shown = await client.get(`/api/pictures/${picture.id}`).loginAs(user)
    shown.assertStatus(200)
    assert.containsSubset(shown.body(), { picture: { id: picture.id, width: 120, height: 90 } })
    assert.deepEqual(await new OwnedPictures().find(user.id, [picture.id]), [
      {
        id: picture.id,
        width: 120,
        height: 90,
        focus: { x: row.focusX, y: row.focusY },
        key: row.key,
        thumbnailKey: row.thumbnailKey,
        attached: false,
      },
    ])
    // Where the render and the storyboard crop it, found when it was stored.
    for (const fraction of [row.focusX, row.focusY]) assert.isAtLeast(fraction!, 0)
    for (const fraction of [row.focusX, row.focusY]) assert.isAtMost(fraction!, 1)

    const deleted = await client.delete(`/api/pictures/${picture.id}`).loginAs(user).withCsrfToken()
    deleted.assertStatus(204)
    assert.isNull(await Picture.find(picture.id))
    assert.deepEqual(await storedFor(user.id), [])
    const gone = await client.get(`/api/pictures/${picture.id}`).loginAs(user)
    gone.assertStatus(404)
    gone.assertBody({ message: 'Picture not found' })
  })

  test('on S3: the browser PUTs to a presigned bucket URL, the app never sees the bytes', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { s3, bucket, storage } = await useFakeS3(cleanup)
    const user = await createAccount('s3-creator@example.com')
    const png = await makePng(100, 50)

    const ticket = await requestUploadUrl(client, user)
    ticket.assertStatus(201)
    const { upload, uploadURL, headers } = ticket.body()
    const presigned = new URL(uploadURL)
    assert.equal(
      presigned.origin + presigned.pathname,
      `${s3.endpoint}/${bucket}/picture-uploads/${user.id}/${upload}`
    )
    assert.equal(presigned.searchParams.get('X-Amz-Expires'), '1800')
    assert.deepEqual(headers, { 'content-type': 'application/octet-stream' })

    const put = await fetch(uploadURL, { method: 'PUT', headers, body: png })
    assert.equal(put.status, 200)
    assert.deepEqual(await storedFor(user.id, storage), [uploadKey(user.id, upload)])

    const registered = await registerUpload(client, user, upload)
    registered.assertStatus(201)
    const { picture } = registered.body() as PictureBody
    assert.containsSubset(picture, { width: 100, height: 50 })
    const row = await Picture.findOrFail(picture.id)
    assert.deepEqual(await storedFor(user.id, storage), [row.key, row.thumbnailKey].sort())
    const url = new URL(picture.url)
    assert.equal(url.origin + url.pathname, `${s3.endpoint}/${bucket}/${row.key}`)
    const image = await fetch(picture.url)
    assert.equal(image.status, 200)
    const stored = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
    // an opaque PNG is kept as JPEG
    assert.containsSubset(stored, { format: 'jpeg', width: 100, height: 50 })

    const deleted = await client.delete(`/api/pictures/${picture.id}`).loginAs(user).withCsrfToken()
    deleted.assertStatus(204)
    assert.deepEqual(await storedFor(user.id, storage), [])
  })

  test('the upload URL request: a name is required, an announced size over 20 MB is refused', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('sizes@example.com')

    const missing = await requestUploadUrl(client, user, {})
    const tooBig = await requestUploadUrl(client, user, {
      name: 'big.jpg',
      size: 20 * 1024 * 1024 + 1,
    })
    const exactly = await requestUploadUrl(client, user, { name: 'ok.jpg', size: 20 * 1024 * 1024 })
    const textSize = await requestUploadUrl(client, user, { name: 'ok.jpg', size: '12' })

    missing.assertStatus(422)
    tooBig.assertStatus(413)
    tooBig.assertBody({ message: 'That picture is larger than 20 MB.' })
    exactly.assertStatus(201)
    textSize.assertStatus(422)
    assert.deepEqual(await storedFor(user.id), [], 'a ticket stores nothing')
  })
})

test.group('Pictures: what is kept of a picture', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GPS, camera and XMP in; no EXIF, XMP, IPTC or ICC out, in the picture and its thumbnail', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('private@example.com')
    removeStoredPictures(cleanup, [user])
    const original = await makeJpegWithGps(80, 40, 1)
    const before = await sharp(original).metadata()
    assert.include(exifIfd0Tags(before.exif!), GPS_IFD_TAG, 'the original carries a GPS position')
    assert.isDefined(before.xmp)

    const { registered } = await uploadPicture(client, user, original)

    registered.assertStatus(201)
    const row = await Picture.findOrFail((registered.body() as PictureBody).picture.id)
    const storage = new MediaStorage()
    for (const key of [row.key, row.thumbnailKey]) {
      const bytes = Buffer.from(await storage.read(key))
      const metadata = await sharp(bytes).metadata()
      assert.isUndefined(metadata.exif, `${key}: no EXIF`)
      assert.isUndefined(metadata.xmp, `${key}: no XMP`)
      assert.isUndefined(metadata.iptc, `${key}: no IPTC`)
      assert.isUndefined(metadata.icc, `${key}: no ICC profile`)
      assert.isUndefined(metadata.comments, `${key}: no comments`)
      assert.notInclude(bytes.toString('latin1'), 'Reelforge Test Camera')
      assert.notInclude(bytes.toString('latin1'), 'A creator')
    }
  })

  test('EXIF orientation 6 is applied: the stored picture stands upright, width and height swapped', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('upright@example.com')
    removeStoredPictures(cleanup, [user])
    const sideways = await makeJpegWithGps(80, 40, 6)
    const given = await sharp(sideways).metadata()
    assert.equal(given.orientation, 6)

    const { registered } = await uploadPicture(client, user, sideways)

    registered.assertStatus(201)
    const { picture } = registered.body() as PictureBody
    assert.containsSubset(picture, { width: 40, height: 80 })
    const row = await Picture.findOrFail(picture.id)
    const stored = await sharp(Buffer.from(await new MediaStorage().read(row.key))).metadata()
    assert.containsSubset(stored, { width: 40, height: 80 })
    assert.isUndefined(stored.orientation)
  })

  test('a big picture is kept at 4096 px on its longer side, its thumbnail at 480', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('big@example.com')
    removeStoredPictures(cleanup, [user])
    const wide = await sharp({
      create: { width: 5000, height: 2500, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer()

    const { registered } = await uploadPicture(client, user, wide)

    registered.assertStatus(201)
    const row = await Picture.findOrFail((registered.body() as PictureBody).picture.id)
    const storage = new MediaStorage()
    const stored = await sharp(Buffer.from(await storage.read(row.key))).metadata()
    const thumbnail = await sharp(Buffer.from(await storage.read(row.thumbnailKey))).metadata()
    assert.deepEqual([row.width, row.height], [PICTURE_MAX_SIDE, PICTURE_MAX_SIDE / 2])
    assert.deepEqual([stored.width, stored.height], [PICTURE_MAX_SIDE, PICTURE_MAX_SIDE / 2])
    assert.deepEqual(
      [thumbnail.width, thumbnail.height],
      [THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE / 2]
    )
  })

  test('{kind} is accepted and kept as {kept}')
    .with([
      { kind: 'a PNG with transparency', make: () => makePng(30, 20, 128), kept: 'png' },
      { kind: 'an opaque PNG', make: () => makePng(30, 20), kept: 'jpeg' },
      { kind: 'a WebP', make: () => makeWebp(30, 20), kept: 'jpeg' },
      { kind: 'an AVIF', make: () => makeAvif(30, 20), kept: 'jpeg' },
      {
        kind: 'a greyscale JPEG',
        make: () => colour().toColourspace('b-w').jpeg().toBuffer(),
        kept: 'jpeg',
      },
      {
        kind: 'a CMYK JPEG',
        make: () => colour().toColourspace('cmyk').jpeg().toBuffer(),
        kept: 'jpeg',
      },
      {
        kind: 'a 16-bit PNG',
        make: () => colour().toColourspace('rgb16').png().toBuffer(),
        kept: 'jpeg',
      },
      {
        kind: 'a palette PNG',
        make: () => colour().png({ palette: true }).toBuffer(),
        kept: 'jpeg',
      },
      {
        kind: 'a Display P3 JPEG (its ICC profile)',
        make: () => colour().withIccProfile('p3').jpeg().toBuffer(),
        kept: 'jpeg',
      },
    ])
    .run(async ({ client, assert, cleanup }, { make, kept }) => {
      const user = await createAccount('formats@example.com')
      removeStoredPictures(cleanup, [user])

      const { registered } = await uploadPicture(client, user, await make())

      registered.assertStatus(201)
      const row = await Picture.findOrFail((registered.body() as PictureBody).picture.id)
      const storage = new MediaStorage()
      assert.equal(row.contentType, `image/${kept}`)
      assert.match(row.key, kept === 'png' ? /\.png$/ : /\.jpg$/)
      for (const key of [row.key, row.thumbnailKey]) {
        const metadata = await sharp(Buffer.from(await storage.read(key))).metadata()
        assert.equal(metadata.format, kept)
        assert.equal(metadata.hasAlpha, kept === 'png')
      }
      assert.deepEqual([row.width, row.height], [30, 20])
    })

  test('a ZIP appended to a JPEG is not kept: the stored picture is the re-encoded pixels alone', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('zip@example.com')
    removeStoredPictures(cleanup, [user])
    const polyglot = Buffer.concat([await makeJpeg(40, 30), fakeZip()])

    const { registered } = await uploadPicture(client, user, polyglot)

    registered.assertStatus(201)
    const row = await Picture.findOrFail((registered.body() as PictureBody).picture.id)
    const storage = new MediaStorage()
    for (const key of [row.key, row.thumbnailKey]) {
      const bytes = Buffer.from(await storage.read(key))
      assert.equal(bytes.indexOf(ZIP_MAGIC), -1)
      assert.notInclude(bytes.toString('latin1'), '<script>')
    }
  })

  test('the installed sharp says whether it reads HEIC, and the accepted formats say the same', async ({
    assert,
  }) => {
    const { PICTURE_MESSAGES } = await import('#media/services/picture_files')
    assert.equal(PICTURE_MESSAGES.notPicture.includes('AVIF/HEIC'), READS_HEIC)
  })
})

test.group('Pictures: ownership', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("another user's picture is a 404 on GET and DELETE, and stays as it was", async ({
    client,
    assert,
    cleanup,
  }) => {
    const owner = await createAccount('owner@example.com')
    const stranger = await createAccount('stranger@example.com')
    removeStoredPictures(cleanup, [owner, stranger])
    const { registered } = await uploadPicture(client, owner, await makeJpeg())
    const { picture } = registered.body() as PictureBody
    const rowsBefore = await pictureRowsOf(owner.id)
    const storedBefore = await storedFor(owner.id)

    const shown = await client.get(`/api/pictures/${picture.id}`).loginAs(stranger)
    const deleted = await client
      .delete(`/api/pictures/${picture.id}`)
      .loginAs(stranger)
      .withCsrfToken()

    shown.assertStatus(404)
    shown.assertBody({ message: 'Picture not found' })
    deleted.assertStatus(404)
    deleted.assertBody({ message: 'Picture not found' })
    assert.notInclude(shown.text(), String(picture.url))
    assert.deepEqual(await pictureRowsOf(owner.id), rowsBefore)
    assert.deepEqual(await storedFor(owner.id), storedBefore)
  })

  test("another user's upload name is a 404, and their upload stays for them", async ({
    client,
    assert,
    cleanup,
  }) => {
    const owner = await createAccount('uploader@example.com')
    const thief = await createAccount('thief@example.com')
    removeStoredPictures(cleanup, [owner, thief])
    const ticket = await requestUploadUrl(client, owner)
    const { upload, uploadURL } = ticket.body()
    await client
      .put(uploadURL)
      .unsafeJson(await makeJpeg())
      .type('application/octet-stream')
      .loginAs(owner)
      .withCsrfToken()

    const stolen = await registerUpload(client, thief, upload)
    const theirPut = await client
      .put(uploadURL)
      .unsafeJson(await makeJpeg())
      .type('application/octet-stream')
      .loginAs(thief)
      .withCsrfToken()

    stolen.assertStatus(404)
    assert.equal(stolen.body().message.startsWith('No upload by that name'), true)
    theirPut.assertStatus(403)
    theirPut.assertBody({ message: 'Authorization required' })
    assert.deepEqual(await storedFor(owner.id), [uploadKey(owner.id, upload)])
    assert.deepEqual(await storedFor(thief.id), [])
    assert.deepEqual(await pictureRowsOf(thief.id), [])
    const own = await registerUpload(client, owner, upload)
    own.assertStatus(201)
  })

  test('signed out, every picture route answers 401', async ({ client }) => {
    const answers = await Promise.all([
      client.post('/api/pictures/uploads').json({ name: 'a.jpg' }).withCsrfToken(),
      client
        .put(`/api/pictures/uploads/1763800000-${'a'.repeat(32)}?expires=1&signature=x`)
        .unsafeJson(Buffer.from('x'))
        .type('application/octet-stream')
        .withCsrfToken(),
      client
        .post('/api/pictures')
        .json({ upload: `1763800000-${'a'.repeat(32)}` })
        .withCsrfToken(),
      client
        .post('/api/pictures/import')
        .json({ url: 'https://example.com/a.jpg' })
        .withCsrfToken(),
      client.get('/api/pictures/1'),
      client.delete('/api/pictures/1').withCsrfToken(),
    ])
    for (const answer of answers) answer.assertStatus(401)
  })

  test('a picture a project took cannot be deleted on its own: 409, and it stays', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('attached@example.com')
    removeStoredPictures(cleanup, [user])
    const { registered } = await uploadPicture(client, user, await makeJpeg())
    const { picture } = registered.body() as PictureBody
    await db.transaction((trx) => new AttachPictures().handle([picture.id], trx))
    const storedBefore = await storedFor(user.id)

    const deleted = await client.delete(`/api/pictures/${picture.id}`).loginAs(user).withCsrfToken()

    deleted.assertStatus(409)
    deleted.assertBody({
      message: "This picture is used by a project's scene; remove or replace the scene instead.",
    })
    const kept = await Picture.findOrFail(picture.id)
    assert.isNotNull(kept.attachedAt)
    assert.deepEqual(await storedFor(user.id), storedBefore)
  })

  test('ids are checked as everywhere: out of range or not a number is a 404 before any query', async ({
    client,
  }) => {
    const user = await createAccount('ids@example.com')
    for (const id of ['0', '-1', '1.5', 'abc', '2147483648', '99999999999999999999']) {
      const shown = await client.get(`/api/pictures/${id}`).loginAs(user)
      const deleted = await client.delete(`/api/pictures/${id}`).loginAs(user).withCsrfToken()
      shown.assertStatus(404)
      deleted.assertStatus(404)
    }
  })
})

test.group('Pictures: registering an old upload', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an upload issued more than a day ago is unknown: 404, and it is deleted', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createAccount('late@example.com')
    removeStoredPictures(cleanup, [user])
    const storage = new MediaStorage()
    const old = `${Math.floor(Date.now() / 1000) - 25 * 3600}-${'b'.repeat(32)}`
    await storage.put(uploadKey(user.id, old), await makeJpeg(), 'application/octet-stream')

    const registered = await registerUpload(client, user, old)

    registered.assertStatus(404)
    assert.deepEqual(await storedFor(user.id), [])
    assert.deepEqual(await pictureRowsOf(user.id), [])
  })
})
