import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MediaStorage } from '#media/services/media_storage'
import { createAccount } from '#tests/helpers/auth'
import { createTrack } from '#tests/helpers/studio'

test.group('Media: voices and music', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('voice providers list the offline voices, and a preview is real audio', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('listener@example.com')

    const providers = await client.get('/api/voice-providers').loginAs(user)
    const preview = await client
      .post('/api/voice-preview')
      .json({ provider: 'espeak', voiceId: 'en-us' })
      .loginAs(user)
      .withCsrfToken()
    const unknown = await client
      .post('/api/voice-preview')
      .json({ provider: 'espeak', voiceId: 'klingon' })
      .loginAs(user)
      .withCsrfToken()

    providers.assertStatus(200)
    assert.equal(providers.body()[0].id, 'espeak')
    assert.isAbove(providers.body()[0].voices.length, 3)
    preview.assertStatus(200)
    preview.assertHeader('content-type', 'audio/wav')
    unknown.assertStatus(404)
  })

  test('music tracks are listed with whole-second durations and their audio is served', async ({
    client,
    assert,
  }) => {
    const user = await createAccount('dj@example.com')
    const track = await createTrack()
    await new MediaStorage().put(
      'music/test-bed.mp3',
      Buffer.from('ID3 fake mp3 bytes'),
      'audio/mpeg'
    )

    const list = await client.get('/api/music-tracks').loginAs(user)
    const audio = await client.get('/music/test-bed.mp3').loginAs(user)
    const missing = await client.get('/music/nope.mp3').loginAs(user)
    const signedOut = await client.get('/api/music-tracks')

    list.assertStatus(200)
    assert.deepEqual(list.body(), [
      {
        id: track.id,
        title: 'Test Bed',
        artist: null,
        mood: 'chill',
        duration: 40,
        fileUrl: '/music/test-bed.mp3',
        thumbnailUrl: '',
      },
    ])
    audio.assertStatus(200)
    audio.assertHeader('content-type', 'audio/mpeg')
    missing.assertStatus(404)
    signedOut.assertStatus(401)
  })
})
