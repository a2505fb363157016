import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import MusicTrack from '#media/models/music_track'
import { MediaStorage } from '#media/services/media_storage'
import { createOperator } from '#tests/helpers/admin'
import { createTrack } from '#tests/helpers/studio'

const storage = new MediaStorage()

test.group('Admin: music tracks', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("invalid forms get the track form's messages", async ({ client, assert }) => {
    const operator = await createOperator()

    const empty = await client
      .post('/api/admin/music-tracks')
      .json({})
      .loginAs(operator)
      .withCsrfToken()
    const bad = await client
      .post('/api/admin/music-tracks')
      .json({ title: '  ', mood: 'jazz', duration: 0, fileUrl: '', thumbnailUrl: 'not a url' })
      .loginAs(operator)
      .withCsrfToken()

    const unchosen = await client
      .post('/api/admin/music-tracks')
      .json({ title: '', mood: '', duration: 2, fileUrl: '/music/a.mp3' })
      .loginAs(operator)
      .withCsrfToken()

    empty.assertStatus(422)
    const messages = (response: typeof empty) =>
      Object.fromEntries(
        response.body().errors.map((e: { field: string; message: string }) => [e.field, e.message])
      )
    assert.deepEqual(messages(empty), {
      title: 'Title is required',
      mood: 'Mood is required',
      duration: 'Duration must be positive',
      fileUrl: 'Audio file is required',
    })
    assert.deepEqual(messages(bad), {
      title: 'Title is required',
      mood: 'Mood must be chill, epic, horror or uplifting',
      duration: 'Duration must be positive',
      fileUrl: 'Audio file is required',
      thumbnailUrl: 'Thumbnail must be a valid URL',
    })
    // the form's unchosen mood is missing, not wrong
    assert.deepEqual(messages(unchosen), { title: 'Title is required', mood: 'Mood is required' })
  })

  test('a track needs a stored audio file that no other track uses', async ({ client }) => {
    const operator = await createOperator()
    await createTrack()
    const body = { title: 'Ghost', mood: 'epic', duration: 10, thumbnailUrl: '' }

    const missing = await client
      .post('/api/admin/music-tracks')
      .json({ ...body, fileUrl: '/music/never-uploaded.mp3' })
      .loginAs(operator)
      .withCsrfToken()
    const taken = await client
      .post('/api/admin/music-tracks')
      .json({ ...body, fileUrl: '/music/test-bed.mp3' })
      .loginAs(operator)
      .withCsrfToken()

    missing.assertStatus(422)
    missing.assertBodyContains({ message: 'Audio file not found. Upload it again.' })
    taken.assertStatus(422)
  })

  test('the operator lists, edits and deletes a track; its file goes with it', async ({
    client,
    assert,
  }) => {
    const operator = await createOperator()
    const track = await createTrack()
    await storage.put('music/test-bed.mp3', Buffer.from('ID3 bytes'), 'audio/mpeg')

    const list = await client.get('/api/admin/music-tracks').loginAs(operator)
    const edited = await client
      .put(`/api/admin/music-tracks/${track.id}`)
      .json({
        title: 'Renamed',
        artist: 'Someone',
        mood: 'horror',
        duration: 41,
        fileUrl: '/music/test-bed.mp3',
        thumbnailUrl: 'https://example.com/cover.jpg',
      })
      .loginAs(operator)
      .withCsrfToken()
    const deleted = await client
      .delete(`/api/admin/music-tracks/${track.id}`)
      .loginAs(operator)
      .withCsrfToken()
    const again = await client
      .delete(`/api/admin/music-tracks/${track.id}`)
      .loginAs(operator)
      .withCsrfToken()

    assert.lengthOf(list.body(), 1)
    edited.assertStatus(200)
    edited.assertBody({
      id: track.id,
      title: 'Renamed',
      artist: 'Someone',
      mood: 'horror',
      duration: 41,
      fileUrl: '/music/test-bed.mp3',
      thumbnailUrl: 'https://example.com/cover.jpg',
    })
    deleted.assertBody({ message: 'Music track deleted successfully' })
    again.assertStatus(404)
    assert.isNull(await MusicTrack.find(track.id))
    assert.isFalse(await storage.exists('music/test-bed.mp3'))
  })

  test('/admin/music takes the tracks as props', async ({ client }) => {
    const operator = await createOperator()
    const track = await createTrack()

    const page = await client.get('/admin/music').loginAs(operator).withInertia()

    page.assertInertiaPropsContains({ tracks: [{ id: track.id, title: 'Test Bed', duration: 40 }] })
  })
})
