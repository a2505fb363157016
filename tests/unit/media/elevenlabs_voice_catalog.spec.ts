import { test } from '@japa/runner'
import { ElevenLabsVoiceCatalog } from '#media/providers/elevenlabs/elevenlabs_voice_catalog'
import {
  FAKE_ELEVENLABS_KEY,
  silentMp3,
  startFakeElevenLabs,
} from '#tests/helpers/fakes/fake_elevenlabs'
import { failure } from '#tests/helpers/provider_errors'

async function startElevenLabs(cleanup: (handler: () => Promise<void>) => void) {
  const elevenLabs = await startFakeElevenLabs()
  cleanup(() => elevenLabs.close())
  const catalog = (apiKey = FAKE_ELEVENLABS_KEY) =>
    new ElevenLabsVoiceCatalog({ apiKey, baseUrl: elevenLabs.baseUrl })
  return { elevenLabs, catalog }
}

test.group('ElevenLabsVoiceCatalog', () => {
  test('lists the account voices with their language', async ({ assert, cleanup }) => {
    const { elevenLabs, catalog } = await startElevenLabs(cleanup)

    const providers = await catalog().providers()

    assert.deepEqual(providers, [
      {
        id: 'elevenlabs',
        name: 'ElevenLabs',
        voices: [
          { id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', language: 'english' },
          { id: 'ErXwobaYiN019PkySvjV', name: 'Antoni', language: 'english' },
          { id: 'cl0n3dV01c3Luc1a', name: 'Lucía', language: 'spanish' },
        ],
      },
    ])
    const [list] = elevenLabs.requests
    assert.equal(`${list.method} ${list.path}?${list.query}`, 'GET /v2/voices?page_size=100')
    assert.equal(list.headers['xi-api-key'], FAKE_ELEVENLABS_KEY)
  })

  test('keeps the list for a while instead of asking again', async ({ assert, cleanup }) => {
    const { elevenLabs, catalog } = await startElevenLabs(cleanup)
    const voices = catalog()

    await Promise.all([voices.providers(), voices.providers()])
    await voices.providers()

    assert.lengthOf(elevenLabs.requests, 1)
  })

  test('previews a voice as audio/mpeg in its own language', async ({ assert, cleanup }) => {
    const { elevenLabs, catalog } = await startElevenLabs(cleanup)

    const clip = await catalog().preview('elevenlabs', 'cl0n3dV01c3Luc1a')

    assert.equal(clip?.contentType, 'audio/mpeg')
    assert.deepEqual(clip?.data, silentMp3())
    const speech = elevenLabs.requests.at(-1)!
    assert.equal(
      `${speech.method} ${speech.path}?${speech.query}`,
      'POST /v1/text-to-speech/cl0n3dV01c3Luc1a?output_format=mp3_44100_128'
    )
    assert.equal(speech.headers['xi-api-key'], FAKE_ELEVENLABS_KEY)
    assert.equal(speech.headers['content-type'], 'application/json')
    const body = speech.body as { text: string; model_id: string }
    assert.equal(body.model_id, 'eleven_multilingual_v2')
    assert.include(body.text, 'Hola, soy Lucía.')
  })

  test('an unknown voice or provider has no preview and costs no speech', async ({
    assert,
    cleanup,
  }) => {
    const { elevenLabs, catalog } = await startElevenLabs(cleanup)
    const voices = catalog()

    assert.isUndefined(await voices.preview('elevenlabs', 'no-such-voice'))
    assert.isUndefined(await voices.preview('local', '21m00Tcm4TlvDq8ikWAM'))
    assert.isFalse(elevenLabs.requests.some(({ method }) => method === 'POST'))
  })

  test('a wrong key is a configuration error naming the API key', async ({ assert, cleanup }) => {
    const { catalog } = await startElevenLabs(cleanup)
    const voices = catalog('sk_wrong')

    for (const call of [
      () => voices.providers(),
      () => voices.preview('elevenlabs', '21m00Tcm4TlvDq8ikWAM'),
    ]) {
      const error = await failure(call())
      assert.equal(error.kind, 'configuration')
      assert.include(error.message, 'API key')
    }
  })

  test('a failed list is not cached', async ({ assert, cleanup }) => {
    const { elevenLabs, catalog } = await startElevenLabs(cleanup)
    const voices = catalog('sk_wrong')

    await failure(voices.providers())
    await failure(voices.providers())

    assert.lengthOf(elevenLabs.requests, 2)
  })

  test('an exhausted quota is balance_exhausted', async ({ assert, cleanup }) => {
    const { elevenLabs, catalog } = await startElevenLabs(cleanup)
    elevenLabs.setBehaviour('quota_exceeded')

    const error = await failure(catalog().preview('elevenlabs', '21m00Tcm4TlvDq8ikWAM'))

    assert.equal(error.kind, 'balance_exhausted')
    assert.include(error.message, 'Exhausted balance')
  })
})
