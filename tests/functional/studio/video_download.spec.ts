import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type User from '#auth/models/user'
import { MediaStorage } from '#media/services/media_storage'
import Scene from '#studio/models/scene'
import { videoDownload } from '#studio/services/video_download'
import { createAccount } from '#tests/helpers/auth'
import { createProject } from '#tests/helpers/studio'

/** Stands in for an MP4: the bytes only have to come back as they went in. */
const FILE = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251))

/** A finished video of `owner` whose one scene says `words`. */
async function finishedVideo(owner: User, words: string) {
  const project = await createProject(owner, 1)
  await Scene.query().where('project_id', project.id).update({ prompt: words })
  const key = `projects/${project.id}/video-1.mp4`
  await new MediaStorage().put(key, FILE, 'video/mp4')
  await project.merge({ status: 'done', progressPercent: 100, outputVideoKey: key }).save()
  return project
}

test.group('Download', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const { title, words, disposition } of [
    {
      title: 'an ASCII title',
      words: 'A lighthouse keeper climbs the stairs.',
      disposition: () => 'attachment; filename="A lighthouse keeper climbs the stairs.mp4"',
    },
    {
      title: 'quotes, slashes and a line break',
      words: 'The "keeper" climbs/../..\\stairs\nat dawn',
      disposition: () => 'attachment; filename="The keeper climbs .. .. stairs at dawn.mp4"',
    },
    {
      title: 'a Japanese title',
      words: '灯台守が夜明けに階段を上る',
      disposition: (id: number) =>
        `attachment; filename="reelforge-video-${id}.mp4"; filename*=UTF-8''` +
        encodeURIComponent('灯台守が夜明けに階段を上る.mp4'),
    },
  ]) {
    test(`saves the file as <title>.mp4: ${title}`, async ({ client, assert }) => {
      const owner = await createAccount('download.owner@example.com')
      const video = await finishedVideo(owner, words)

      const link = await client.get(`/videos/${video.id}/download`).loginAs(owner).redirects(0)
      link.assertStatus(302)
      const file = await client.get(link.header('location')!)

      file.assertStatus(200)
      assert.equal(file.header('content-disposition'), disposition(video.id))
      assert.equal(file.header('content-type'), 'video/mp4')
      assert.deepEqual(Buffer.from(file.body() as ArrayBuffer), FILE)
    })
  }

  test('the player keeps its inline URL; a stranger and a video without a file get a 404', async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('download.player@example.com')
    const stranger = await createAccount('download.stranger@example.com')
    const video = await finishedVideo(owner, 'A ship finds the harbour.')
    const draft = await createProject(owner, 1)

    const shown = await client.get(`/api/videos/${video.id}`).loginAs(owner)
    const inline = await client.get(shown.body().outputVideoUrl)
    const theirs = await client.get(`/videos/${video.id}/download`).loginAs(stranger).redirects(0)
    const unmade = await client.get(`/videos/${draft.id}/download`).loginAs(owner).redirects(0)

    inline.assertStatus(200)
    assert.isUndefined(inline.header('content-disposition'))
    theirs.assertStatus(404)
    unmade.assertStatus(404)
  })
})

test.group('Media files: byte ranges', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("the player's URL answers a range with just those bytes; the download's keeps its name", async ({
    client,
    assert,
  }) => {
    const owner = await createAccount('ranges.owner@example.com')
    const video = await finishedVideo(owner, 'A ship finds the harbour.')
    const shown = await client.get(`/api/videos/${video.id}`).loginAs(owner)
    const inline: string = shown.body().outputVideoUrl
    const link = await client.get(`/videos/${video.id}/download`).loginAs(owner).redirects(0)

    const middle = await client.get(inline).header('range', 'bytes=100-199')
    const tail = await client.get(inline).header('range', 'bytes=-96')
    const beyond = await client.get(inline).header('range', 'bytes=5000-')
    const unsigned = await client.get(inline.split('?')[0]).header('range', 'bytes=0-9')
    const resumed = await client.get(link.header('location')!).header('range', 'bytes=4000-')

    middle.assertStatus(206)
    assert.equal(middle.header('content-range'), `bytes 100-199/${FILE.length}`)
    assert.equal(middle.header('content-type'), 'video/mp4')
    assert.deepEqual(Buffer.from(middle.body() as ArrayBuffer), FILE.subarray(100, 200))
    assert.isUndefined(middle.header('content-disposition'))
    tail.assertStatus(206)
    assert.deepEqual(Buffer.from(tail.body() as ArrayBuffer), FILE.subarray(FILE.length - 96))
    beyond.assertStatus(416)
    assert.equal(beyond.header('content-range'), `bytes */${FILE.length}`)
    unsigned.assertStatus(401)
    resumed.assertStatus(206)
    assert.deepEqual(Buffer.from(resumed.body() as ArrayBuffer), FILE.subarray(4000))
    assert.match(resumed.header('content-disposition')!, /^attachment; filename="A ship finds/)
  })

  test('a whole file says ranges are taken', async ({ client, assert }) => {
    const owner = await createAccount('ranges.whole@example.com')
    const video = await finishedVideo(owner, 'A ship finds the harbour.')
    const shown = await client.get(`/api/videos/${video.id}`).loginAs(owner)

    const whole = await client.get(shown.body().outputVideoUrl)

    whole.assertStatus(200)
    assert.equal(whole.header('accept-ranges'), 'bytes')
    assert.deepEqual(Buffer.from(whole.body() as ArrayBuffer), FILE)
  })
})

test.group('Download: the file name', () => {
  test('control characters, bidi overrides and path separators never reach it', ({ assert }) => {
    const { fileName, contentDisposition } = videoDownload(9, 'evil\u202Egpj.exe\0 /etc/passwd')

    assert.equal(fileName, 'evil gpj.exe etc passwd.mp4')
    assert.equal(contentDisposition, 'attachment; filename="evil gpj.exe etc passwd.mp4"')
  })

  test('a title of nothing safe is the video id; a long one is cut at a word', ({ assert }) => {
    const long = videoDownload(9, `${'The keeper climbs the spiral stairs again '.repeat(3)}.`)

    assert.equal(videoDownload(9, '"\n/\\').fileName, 'reelforge-video-9.mp4')
    assert.equal(long.fileName, 'The keeper climbs the spiral stairs again The keeper climbs.mp4')
    assert.equal(
      videoDownload(9, 'Café at dawn').contentDisposition,
      `attachment; filename="Cafe at dawn.mp4"; filename*=UTF-8''Caf%C3%A9%20at%20dawn.mp4`
    )
  })
})
