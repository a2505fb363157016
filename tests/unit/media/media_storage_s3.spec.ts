import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Env } from '@adonisjs/core/env'
import { Secret } from '@adonisjs/core/helpers'
import { DriveManager } from '@adonisjs/drive'
import { FSDriver } from '@adonisjs/drive/drivers/fs'
import { S3Driver } from '@adonisjs/drive/drivers/s3'
import { driveConfigFrom, type DriveEnv } from '#config/drive'
import { MediaStorage } from '#media/services/media_storage'
import { FAKE_S3_KEY, startFakeS3 } from '#tests/helpers/fakes/fake_s3'
import { until } from '#tests/helpers/wait'

const BUCKET = 'reelforge-media'

/** The drive the app would build from these variables. */
async function driveFrom(vars: DriveEnv) {
  const { config } = await driveConfigFrom(vars).resolver(app)
  return new DriveManager(config)
}

async function s3Storage(cleanup: (handler: () => Promise<void>) => void) {
  const s3 = await startFakeS3(BUCKET)
  cleanup(() => s3.close())
  const drive = await driveFrom(
    new Env({
      DRIVE_DISK: 's3' as const,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: FAKE_S3_KEY,
      S3_SECRET_ACCESS_KEY: new Secret(FAKE_S3_KEY),
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: true,
    })
  )
  return { s3, drive, storage: new MediaStorage(drive) }
}

test.group('MediaStorage on S3', () => {
  test('DRIVE_DISK picks the default disk, fs when unset', async ({ assert }) => {
    const s3Drive = await driveFrom(new Env({ DRIVE_DISK: 's3' as const, S3_BUCKET: BUCKET }))
    const fsDrive = await driveFrom(new Env({}))

    assert.instanceOf(s3Drive.use().driver, S3Driver)
    assert.instanceOf(fsDrive.use().driver, FSDriver)
  })

  test('put, read and exists go through the S3 API', async ({ assert, cleanup }) => {
    const { storage } = await s3Storage(cleanup)
    const bytes = Buffer.from('a still, in bytes')

    await storage.put('projects/1/scene-1.jpg', bytes, 'image/jpeg')

    assert.deepEqual(Buffer.from(await storage.read('projects/1/scene-1.jpg')), bytes)
    assert.isTrue(await storage.exists('projects/1/scene-1.jpg'))
    assert.isFalse(await storage.exists('projects/1/scene-2.jpg'))
  })

  test('signed URLs are presigned GETs that serve the bytes until they expire', async ({
    assert,
    cleanup,
  }) => {
    const { s3, storage } = await s3Storage(cleanup)
    const bytes = Buffer.from('a clip, in bytes')
    await storage.put('projects/1/clip.mp4', bytes, 'video/mp4')

    const url = new URL((await storage.signedUrl('projects/1/clip.mp4'))!)
    const shortLived = (await storage.signedUrl('projects/1/clip.mp4', '1s'))!

    // s3rver skips V4 signature checks, so the URL's signing is asserted on its face.
    assert.equal(url.origin + url.pathname, `${s3.endpoint}/${BUCKET}/projects/1/clip.mp4`)
    assert.equal(url.searchParams.get('X-Amz-Expires'), '7200')
    assert.match(url.searchParams.get('X-Amz-Signature')!, /^[0-9a-f]{64}$/)
    assert.match(url.searchParams.get('X-Amz-Credential')!, new RegExp(`^${FAKE_S3_KEY}/`))

    const response = await fetch(url)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'video/mp4')
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), bytes)

    let expired!: Response
    await until(
      async () => {
        expired = await fetch(shortLived)
        if (expired.status !== 200) return true
        await expired.arrayBuffer()
        return false
      },
      5_000,
      'the one-second URL to expire',
      50
    )
    assert.equal(expired.status, 403)
    assert.include(await expired.text(), 'Request has expired')
  })

  test('delete removes one key, deletePrefix one project and no other', async ({
    assert,
    cleanup,
  }) => {
    const { storage } = await s3Storage(cleanup)
    const keys = ['projects/1/a.jpg', 'projects/1/b/clip.mp4', 'projects/10/a.jpg', 'music/x.mp3']
    for (const key of keys) await storage.put(key, Buffer.from(key), 'application/octet-stream')

    await storage.delete('music/x.mp3')
    await storage.deletePrefix('projects/1/')

    const left = await Promise.all(keys.map(async (key) => [key, await storage.exists(key)]))
    assert.deepEqual(Object.fromEntries(left), {
      'projects/1/a.jpg': false,
      'projects/1/b/clip.mp4': false,
      'projects/10/a.jpg': true,
      'music/x.mp3': false,
    })
  })
})
