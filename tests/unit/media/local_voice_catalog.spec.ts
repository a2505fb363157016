import { test } from '@japa/runner'
import { LANGUAGES } from '#core/vocabulary'
import { synthesizeSpeech } from '#media/providers/local/espeak'
import { LocalVoiceCatalog } from '#media/providers/local/local_voice_catalog'

/** Seconds of audio in a canonical 44-byte-header PCM WAV. */
function wavSeconds(wav: Buffer) {
  return wav.readUInt32LE(40) / wav.readUInt32LE(28)
}

test.group('LocalVoiceCatalog', () => {
  test('lists offline voices with ids, names and languages', async ({ assert }) => {
    const [provider, ...others] = await new LocalVoiceCatalog().providers()

    assert.lengthOf(others, 0)
    assert.equal(provider.id, 'espeak')
    assert.isNotEmpty(provider.name)
    assert.isAtLeast(provider.voices.length, 6)
    for (const voice of provider.voices) {
      assert.isNotEmpty(voice.id)
      assert.isNotEmpty(voice.name)
      assert.include(LANGUAGES, voice.language)
    }
  })

  test('previews a known voice as a RIFF/WAVE clip of more than half a second', async ({
    assert,
  }) => {
    const clip = await new LocalVoiceCatalog().preview('espeak', 'en-us')

    assert.exists(clip)
    assert.equal(clip!.contentType, 'audio/wav')
    assert.equal(clip!.data.toString('ascii', 0, 4), 'RIFF')
    assert.equal(clip!.data.toString('ascii', 8, 12), 'WAVE')
    assert.equal(clip!.data.readUInt32LE(24), 22050)
    assert.isAbove(wavSeconds(clip!.data), 0.5)
    assert.equal(clip!.data.length, 44 + clip!.data.readUInt32LE(40))
  })

  test('previews every listed voice', async ({ assert }) => {
    const catalog = new LocalVoiceCatalog()
    const [provider] = await catalog.providers()

    for (const voice of provider.voices) {
      const clip = await catalog.preview('espeak', voice.id)
      assert.isAbove(wavSeconds(clip!.data), 0.5, voice.id)
    }
  }).timeout(30_000)

  test('has no preview for an unknown provider or voice', async ({ assert }) => {
    const catalog = new LocalVoiceCatalog()

    assert.isUndefined(await catalog.preview('espeak', 'xx-unknown'))
    assert.isUndefined(await catalog.preview('elevenlabs', 'en-us'))
  })
})

test.group('synthesizeSpeech', () => {
  test('times every word of the text, in order, within the audio', async ({ assert }) => {
    const text = 'Rain falls on the quiet city & its 42 <bright> lights.'
    const speech = await synthesizeSpeech(text, 'en-us')

    assert.deepEqual(
      speech.words.map((word) => word.text),
      text.split(' ')
    )
    assert.equal(speech.words[0].startMs, 0)
    speech.words.forEach((word, index) => {
      assert.isBelow(word.startMs, word.endMs, word.text)
      if (index > 0) assert.equal(word.startMs, speech.words[index - 1].endMs)
    })
    assert.closeTo(speech.words.at(-1)!.endMs, wavSeconds(speech.wav) * 1000, 1)
  })

  test('resolves language codes such as fr-fr and rejects unknown voices', async ({ assert }) => {
    const french = await synthesizeSpeech('Bonjour à tous.', 'fr-fr')

    assert.isAbove(wavSeconds(french.wav), 0.3)
    await assert.rejects(() => synthesizeSpeech('Hello', 'xx-unknown'))
  })

  test('speaks off the main thread: the process keeps serving while a voice-over is made', async ({
    assert,
  }) => {
    await synthesizeSpeech('Warm up.', 'en-us')
    const script = 'The keeper climbs the stairs and lights the lamp for the ships. '.repeat(8)
    let turns = 0
    let speaking = true
    const turn = () => {
      turns++
      if (speaking) setImmediate(turn)
    }
    setImmediate(turn)

    const speech = await synthesizeSpeech(script, 'en-us')
    speaking = false

    assert.isAbove(speech.words.length, 90)
    // A synthesis on the main thread would run from start to end without one turn of the loop.
    assert.isAbove(turns, 1)
  })
})
