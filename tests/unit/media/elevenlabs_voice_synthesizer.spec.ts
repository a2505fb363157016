import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import {
  ElevenLabsVoiceSynthesizer,
  wordsFromAlignment,
} from '#media/providers/elevenlabs/elevenlabs_voice_synthesizer'
import { probe } from '#media/ffmpeg/probe'
import {
  FAKE_ELEVENLABS_KEY,
  FAKE_SECONDS_PER_CHARACTER,
  FAKE_SPEECH_TAIL_SECONDS,
  FAKE_VOICES,
  fakeAlignment,
  startFakeElevenLabs,
} from '#tests/helpers/fakes/fake_elevenlabs'
import { failure } from '#tests/helpers/provider_errors'

type Cleanup = (handler: () => Promise<void>) => void

const RACHEL = FAKE_VOICES[0].voice_id
const TEXT = 'Every morning, before the world wakes,  the light must be tended.'

async function startElevenLabs(cleanup: Cleanup) {
  const elevenLabs = await startFakeElevenLabs()
  cleanup(() => elevenLabs.close())
  const synthesizer = (apiKey = FAKE_ELEVENLABS_KEY) =>
    new ElevenLabsVoiceSynthesizer({ apiKey, baseUrl: elevenLabs.baseUrl })
  return { elevenLabs, synthesizer }
}

async function probeMp3(audio: Buffer, cleanup: Cleanup) {
  const dir = await mkdtemp(join(tmpdir(), 'elevenlabs-spec-'))
  cleanup(() => rm(dir, { recursive: true, force: true }))
  const path = join(dir, 'speech.mp3')
  await writeFile(path, audio)
  return probe(path)
}

test.group('ElevenLabsVoiceSynthesizer', () => {
  test('returns the MP3 and every word timed from the character alignment', async ({
    assert,
    cleanup,
  }) => {
    const { synthesizer } = await startElevenLabs(cleanup)

    const speech = await synthesizer().synthesize(TEXT, RACHEL, { speed: 1 })

    assert.equal(speech.contentType, 'audio/mpeg')
    const probed = await probeMp3(speech.audio, cleanup)
    assert.deepInclude(probed.streams[0], { codecType: 'audio', codecName: 'mp3' })
    assert.deepEqual(
      speech.words.map((word) => word.text),
      TEXT.split(/\s+/)
    )
    for (const [index, word] of speech.words.entries()) {
      assert.isBelow(word.startMs, word.endMs, word.text)
      if (index > 0) assert.isAtLeast(word.startMs, speech.words[index - 1].endMs, word.text)
    }
    // "Every" is characters 0–4; "morning," starts after the space, at character 6.
    const step = FAKE_SECONDS_PER_CHARACTER * 1000
    assert.deepEqual(speech.words[0], { text: 'Every', startMs: 0, endMs: Math.round(5 * step) })
    assert.equal(speech.words[1].startMs, Math.round(6 * step))
    const alignmentEndMs = [...TEXT].length * step
    assert.closeTo(speech.words.at(-1)!.endMs, alignmentEndMs, 1)
    // The audio lasts as long as the speech (and its short tail).
    assert.closeTo(probed.durationSeconds, alignmentEndMs / 1000 + FAKE_SPEECH_TAIL_SECONDS, 0.1)
  })

  test('posts to with-timestamps as mp3_44100_128 with the model and speed', async ({
    assert,
    cleanup,
  }) => {
    const { elevenLabs, synthesizer } = await startElevenLabs(cleanup)

    await synthesizer().synthesize('Hello there', RACHEL, { speed: 1.1 })

    const [request] = elevenLabs.requests
    assert.equal(request.method, 'POST')
    assert.equal(request.path, `/v1/text-to-speech/${RACHEL}/with-timestamps`)
    assert.equal(request.query.get('output_format'), 'mp3_44100_128')
    assert.equal(request.headers['xi-api-key'], FAKE_ELEVENLABS_KEY)
    assert.deepEqual(request.body, {
      text: 'Hello there',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { speed: 1.1 },
    })
  })

  test('keeps the speed within what ElevenLabs accepts; none leaves the voice settings alone', async ({
    assert,
    cleanup,
  }) => {
    const { elevenLabs, synthesizer } = await startElevenLabs(cleanup)
    const voice = synthesizer()

    const fast = await voice.synthesize('Hello there', RACHEL, { speed: 2 })
    await voice.synthesize('Hello there', RACHEL, { speed: 0.5 })
    const natural = await voice.synthesize('Hello there', RACHEL)

    const bodies = elevenLabs.requests.map((request) => request.body as Record<string, unknown>)
    assert.deepEqual(bodies[0].voice_settings, { speed: 1.2 })
    assert.deepEqual(bodies[1].voice_settings, { speed: 0.7 })
    assert.notProperty(bodies[2], 'voice_settings')
    assert.isBelow(fast.words.at(-1)!.endMs, natural.words.at(-1)!.endMs)
  })

  test('an invalid key is a configuration error', async ({ assert, cleanup }) => {
    const { synthesizer } = await startElevenLabs(cleanup)

    const error = await failure(synthesizer('sk_wrong').synthesize(TEXT, RACHEL))

    assert.equal(error.kind, 'configuration')
    assert.equal(error.message, 'ElevenLabs refused the API key: Invalid API key')
  })

  test('an exhausted quota (also a 401) is an exhausted balance', async ({ assert, cleanup }) => {
    const { elevenLabs, synthesizer } = await startElevenLabs(cleanup)
    elevenLabs.setBehaviour('quota_exceeded')

    const error = await failure(synthesizer().synthesize(TEXT, RACHEL))

    assert.equal(error.kind, 'balance_exhausted')
  })

  test('an unknown voice is rejected input; no key or no text never calls out', async ({
    assert,
    cleanup,
  }) => {
    const { elevenLabs, synthesizer } = await startElevenLabs(cleanup)

    const unknown = await failure(synthesizer().synthesize(TEXT, 'no-such-voice'))
    assert.equal(unknown.kind, 'rejected_input')
    assert.lengthOf(elevenLabs.requests, 1)

    const noKey = await failure(synthesizer('').synthesize(TEXT, RACHEL))
    assert.equal(noKey.kind, 'configuration')
    const noText = await failure(synthesizer().synthesize('   ', RACHEL))
    assert.equal(noText.kind, 'rejected_input')
    assert.lengthOf(elevenLabs.requests, 1)
  })

  test('an unreachable service is transient', async ({ assert }) => {
    const synthesizer = new ElevenLabsVoiceSynthesizer({
      apiKey: FAKE_ELEVENLABS_KEY,
      baseUrl: 'http://127.0.0.1:9',
    })

    const error = await failure(synthesizer.synthesize(TEXT, RACHEL))

    assert.equal(error.kind, 'transient')
  })
})

test.group('wordsFromAlignment', () => {
  test('splits on any whitespace, keeps punctuation, times words by their characters', ({
    assert,
  }) => {
    const alignment = fakeAlignment(' Hi,\n there  you. ')

    assert.deepEqual(wordsFromAlignment(alignment), [
      { text: 'Hi,', startMs: 60, endMs: 240 },
      { text: 'there', startMs: 360, endMs: 660 },
      { text: 'you.', startMs: 780, endMs: 1020 },
    ])
  })

  test('no characters, no words', ({ assert }) => {
    assert.deepEqual(
      wordsFromAlignment({
        characters: [],
        character_start_times_seconds: [],
        character_end_times_seconds: [],
      }),
      []
    )
  })
})
