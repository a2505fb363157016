import { test } from '@japa/runner'
import type { VoiceCatalog } from '#media/providers/contracts'
import { VoicesWithOfflineFallback } from '#media/providers/elevenlabs/voices_with_offline_fallback'
import { languageNamed } from '#shared/languages'

/** An ElevenLabs account of two voices, whose model speaks every language it marks. */
const elevenLabs: VoiceCatalog = {
  async providers(language) {
    const voices = [
      { id: 'rachel', name: 'Rachel', language: 'english' },
      { id: 'mateo', name: 'Mateo', language: 'spanish' },
    ]
    const speaks = !language || languageNamed(language).elevenLabs
    return [{ id: 'elevenlabs', name: 'ElevenLabs', voices: speaks ? voices : [] }]
  },
  async preview() {
    return undefined
  },
}

const idsOf = (providers: { id: string; voices: { id: string }[] }[]) =>
  providers.map((provider) => [provider.id, provider.voices.map((voice) => voice.id)])

test.group('Voices with ElevenLabs keyed', () => {
  test('a language ElevenLabs speaks gets its voices and no offline ones', async ({ assert }) => {
    const catalog = new VoicesWithOfflineFallback(elevenLabs)

    assert.deepEqual(idsOf(await catalog.providers('japanese')), [
      ['elevenlabs', ['rachel', 'mateo']],
    ])
  })

  test('Hebrew, Thai and Vietnamese still have an offline voice to narrate them', async ({
    assert,
  }) => {
    const catalog = new VoicesWithOfflineFallback(elevenLabs)

    assert.deepEqual(idsOf(await catalog.providers('hebrew')), [
      ['elevenlabs', []],
      ['espeak', ['he+f2']],
    ])
    assert.deepEqual(idsOf(await catalog.providers()), [
      ['elevenlabs', ['rachel', 'mateo']],
      ['espeak', ['vi', 'he+f2', 'th']],
    ])
    const clip = await catalog.preview('espeak', 'th')
    assert.equal(clip?.contentType, 'audio/wav')
  })
})
