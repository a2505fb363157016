import { test } from '@japa/runner'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type User from '#auth/models/user'
import { MediaStorage } from '#media/services/media_storage'
import MusicTrack from '#media/models/music_track'
import {
  MusicUploads,
  UNATTACHED_GRACE_MS,
  UPLOAD_URL_TTL_SECONDS,
} from '#media/services/music_uploads'
import { createAccount } from '#tests/helpers/auth'
import { createOperator, makeAudio } from '#tests/helpers/admin'

async function uploadScratchDirs() {
  const entries = await readdir(tmpdir())
  return entries.filter((name) => name.startsWith('reelforge-upload-')).length
}

async function requestUploadUrl(client: ApiClient, user: User, name = 'Night Drive.mp3') {
  const response = await client
    .post('/api/music/upload')
    .json({ name })
    .loginAs(user)
    .withCsrfToken()
  return response
}

async function uploadUrlFor(client: ApiClient, user: User, name?: string) {
  const response = await requestUploadUrl(client, user, name)
  return response.body().uploadURL as string
}

function putBytes(client: ApiClient, user: User, url: string, bytes: Buffer, type = 'audio/mpeg') {
  return client.put(url).unsafeJson(bytes).type(type).loginAs(user).withCsrfToken()
}

const objectNameOf = (url: string) => new URL(url, 'http://x').pathname.split('/').pop()!

test.group('Admin: music uploads', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an mp3 goes up through the signed URL, is probed, and becomes a playable track', async ({
    client,
    assert,
    cleanup,
  }) => {
    const operator = await createOperator()
    const listener = await createAccount('listener@example.com')
    const mp3 = await makeAudio('mp3', 3)

    const ticket = await requestUploadUrl(client, operator)
    ticket.assertStatus(201)
    const { uploadURL } = ticket.body()
    assert.match(
      uploadURL,
      /^\/api\/music\/uploads\/night-drive-[0-9a-f]{12}\.mp3\?expires=\d+&signature=[\w-]+$/
    )

    const put = await putBytes(client, operator, uploadURL, mp3)
    const name = objectNameOf(uploadURL)
    cleanup(() => new MediaStorage().delete(`music/${name}`))
    put.assertStatus(200)
    put.assertBody({ fileUrl: `/music/${name}`, duration: 3 })

    const verified = await client
      .post(`/api/music/uploads/${name}/verify`)
      .loginAs(operator)
      .withCsrfToken()
    verified.assertBody({ fileUrl: `/music/${name}`, duration: 3 })

    const created = await client
      .post('/api/admin/music-tracks')
      .json({
        title: 'Night Drive',
        artist: '',
        mood: 'chill',
        duration: 3,
        fileUrl: `/music/${name}`,
        thumbnailUrl: '',
      })
      .loginAs(operator)
      .withCsrfToken()
    created.assertStatus(201)

    const library = await client.get('/api/music-tracks').loginAs(listener)
    const audio = await client.get(`/music/${name}`).loginAs(listener)
    const stored = await new MediaStorage().read(`music/${name}`)
    assert.containsSubset(library.body(), [
      { title: 'Night Drive', fileUrl: `/music/${name}`, duration: 3 },
    ])
    audio.assertStatus(200)
    audio.assertHeader('content-type', 'audio/mpeg')
    assert.deepEqual(Buffer.from(stored), mp3)
  })

  test('an upload no track was saved with is swept by a later upload, once its grace is over', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const storage = new MediaStorage()
    const orphan = await uploadUrlFor(client, operator, 'Left Behind.mp3')
    const kept = await uploadUrlFor(client, operator, 'Kept.mp3')
    for (const url of [orphan, kept]) {
      const put = await putBytes(client, operator, url, await makeAudio('mp3', 1))
      put.assertStatus(200)
    }
    await MusicTrack.create({
      title: 'Kept',
      mood: 'chill',
      duration: 1,
      fileName: objectNameOf(kept),
    })
    const uploads = new MusicUploads(storage)

    const meanwhile = await uploads.sweepUnattached()
    const later = await uploads.sweepUnattached(Date.now() + UNATTACHED_GRACE_MS + 60_000)
    const issued = await requestUploadUrl(client, operator)

    assert.notInclude(meanwhile, `music/${objectNameOf(orphan)}`)
    assert.include(later, `music/${objectNameOf(orphan)}`)
    assert.isFalse(await storage.exists(`music/${objectNameOf(orphan)}`))
    assert.isTrue(await storage.exists(`music/${objectNameOf(kept)}`))
    issued.assertStatus(201)
    await storage.delete(`music/${objectNameOf(kept)}`)
  })

  test('a 51 MB body is refused with 413 and nothing is stored', async ({ client, assert }) => {
    const operator = await createOperator()
    const scratchBefore = await uploadScratchDirs()
    const mp3 = await makeAudio('mp3', 1)
    const big = Buffer.concat([mp3, Buffer.alloc(51 * 1024 * 1024 - mp3.length)])

    const uploadURL = await uploadUrlFor(client, operator)
    const put = await putBytes(client, operator, uploadURL, big)

    put.assertStatus(413)
    assert.equal(put.body().message, 'The audio file is larger than 50 MB')
    assert.isFalse(await new MediaStorage().exists(`music/${objectNameOf(uploadURL)}`))
    assert.equal(await uploadScratchDirs(), scratchBefore)
  })

  test('a text file renamed to .mp3 is refused and nothing is stored', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const scratchBefore = await uploadScratchDirs()

    const uploadURL = await uploadUrlFor(client, operator, 'notes.mp3')
    const put = await putBytes(
      client,
      operator,
      uploadURL,
      Buffer.from('ID3 but really just some notes\n'.repeat(200))
    )
    const verify = await client
      .post(`/api/music/uploads/${objectNameOf(uploadURL)}/verify`)
      .loginAs(operator)
      .withCsrfToken()

    put.assertStatus(422)
    assert.equal(put.body().message, 'The file is not a playable audio file of its type')
    verify.assertStatus(404)
    assert.equal(await uploadScratchDirs(), scratchBefore)
  })

  test('a WAV file sent to an .mp3 URL is refused: the bytes must be of the named kind', async ({
    client,
  }) => {
    const operator = await createOperator()
    const uploadURL = await uploadUrlFor(client, operator)

    const put = await putBytes(client, operator, uploadURL, await makeAudio('wav'), 'audio/wav')

    put.assertStatus(422)
  })

  test('an expired URL says so, a tampered one asks for authorization; nothing is read', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const mp3 = await makeAudio('mp3', 1)
    const uploads = new MusicUploads()
    const longAgo = Date.now() - (UPLOAD_URL_TTL_SECONDS + 60) * 1000
    const expired = await uploads.issue(operator.id, 'old.mp3', longAgo)
    const fresh = await uploadUrlFor(client, operator)
    assert.equal(expired.status, 'issued')
    const expiredUrl = expired.status === 'issued' ? expired.uploadURL : ''

    const late = await putBytes(client, operator, expiredUrl, mp3)
    const otherName = await putBytes(
      client,
      operator,
      fresh.replace(/night-drive-[0-9a-f]+/, 'other-000000000000'),
      mp3
    )
    const longer = await putBytes(
      client,
      operator,
      fresh.replace(/expires=\d+/, 'expires=99999999999'),
      mp3
    )
    const unsigned = await putBytes(client, operator, fresh.split('?')[0], mp3)

    late.assertStatus(403)
    assert.equal(late.body().message, 'Request has expired')
    for (const response of [otherName, longer, unsigned]) {
      response.assertStatus(403)
      assert.equal(response.body().message, 'Authorization required')
    }
    assert.isFalse(await new MediaStorage().exists(`music/${objectNameOf(expiredUrl)}`))
  })

  test('another account cannot use the operator URL', async ({ client }) => {
    const operator = await createOperator()
    const user = await createAccount('someone@example.com')
    const uploadURL = await uploadUrlFor(client, operator)

    const put = await putBytes(client, user, uploadURL, await makeAudio('mp3', 1))

    put.assertStatus(403)
  })

  test('the upload request needs the file name and one of the four audio types', async ({
    client,
  }) => {
    const operator = await createOperator()

    const missing = await client.post('/api/music/upload').loginAs(operator).withCsrfToken()
    const video = await requestUploadUrl(client, operator, 'clip.mp4')
    const noExtension = await requestUploadUrl(client, operator, 'README')

    missing.assertStatus(422)
    missing.assertBodyContains({ message: 'Missing required meta field(s): name' })
    video.assertStatus(422)
    video.assertBodyContains({ message: 'Only .mp3, .wav, .m4a and .aac files can be uploaded' })
    noExtension.assertStatus(422)
  })
})
