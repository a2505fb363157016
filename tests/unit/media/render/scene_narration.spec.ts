import { test } from '@japa/runner'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { wavFile } from '#media/audio/wav'
import { mediaTools } from '#media/ffmpeg/tools'
import type { Speech } from '#media/providers/contracts'
import {
  narrateScenes,
  planNarration,
  sceneLengths,
  SPEECH_GAP_MS,
} from '#media/render/scene_narration'
import { MAX_TEMPO, sceneOverruns, sceneWordCapacity } from '#shared/narration_pace'
import { decodeMono, loudSpan } from '#tests/helpers/audio'

const RATE = 24_000

/**
 * A made-up voice: `silenceMs` of quiet, a `hz` tone for `toneMs` (the
 * speech), quiet again; its words share the tone evenly.
 */
function toneSpeech(text: string, toneMs: number, hz = 440, silenceMs = 100): Speech {
  const total = Math.round(((toneMs + 2 * silenceMs) * RATE) / 1000)
  const from = Math.round((silenceMs * RATE) / 1000)
  const to = from + Math.round((toneMs * RATE) / 1000)
  const samples = new Int16Array(total)
  for (let index = from; index < to; index++) {
    samples[index] = Math.round(12_000 * Math.sin((2 * Math.PI * hz * index) / RATE))
  }
  const tokens = text.split(' ')
  const each = toneMs / tokens.length
  return {
    audio: wavFile(samples, RATE),
    contentType: 'audio/wav',
    words: tokens.map((token, index) => ({
      text: token,
      startMs: Math.round(silenceMs + index * each),
      endMs: Math.round(silenceMs + (index + 1) * each),
    })),
  }
}

/** The dominant frequency of `samples` (zero crossings), in Hz. */
function pitchOf(samples: Float32Array, rate: number) {
  let crossings = 0
  for (let index = 1; index < samples.length; index++) {
    if (samples[index - 1] < 0 && samples[index] >= 0) crossings++
  }
  return (crossings * rate) / samples.length
}

test.group('Scene narration: where each scene’s speech goes', () => {
  test('speech that fits starts 0.15 s into its scene and is not sped up', ({ assert }) => {
    const plan = planNarration([3000, 4600, 1200])
    assert.deepEqual(plan, [
      { startMs: 150, endMs: 3150, tempo: 1 },
      { startMs: 5150, endMs: 9750, tempo: 1 },
      { startMs: 10150, endMs: 11350, tempo: 1 },
    ])
  })

  test('a voice faster than the plan leaves a pause; the next scene’s words never come early', ({
    assert,
  }) => {
    const [first, second] = planNarration([1000, 1000])
    assert.equal(first!.endMs, 1150)
    assert.equal(second!.startMs, 5150)
  })

  test('speech a little too long is sped up, at most 15 %, to end before its scene does', ({
    assert,
  }) => {
    const [fitted] = planNarration([5000])
    assert.approximately(fitted!.tempo, 5000 / 4600, 1e-9)
    assert.equal(Math.round(fitted!.endMs), 4750)

    const [tooLong, next] = planNarration([6000, 2000])
    assert.equal(tooLong!.tempo, MAX_TEMPO)
    assert.isAbove(tooLong!.endMs, 5000, 'what still does not fit runs on')
    assert.equal(next!.startMs, tooLong!.endMs + SPEECH_GAP_MS, 'the next words move on, after')
  })

  test('a silent scene keeps its place and says nothing', ({ assert }) => {
    const plan = planNarration([2000, null, 2000])
    assert.isNull(plan[1])
    assert.equal(plan[2]!.startMs, 10150)
  })

  test('the last scene is held until its words have ended, never cut', ({ assert }) => {
    assert.deepEqual(sceneLengths(3, [{ text: 'end.', startMs: 12000, endMs: 14500 }]), [5, 5, 5])
    const held = sceneLengths(2, [{ text: 'end.', startMs: 9000, endMs: 10400 }])
    assert.deepEqual(held.slice(0, 1), [5])
    assert.isAtLeast(held[1] * 1000, 10400 + 250 - 5000)
    assert.equal(Math.round(held[1] * 30), held[1] * 30, 'whole frames')
  })

  test('the storyboard’s note: more words than five seconds hold at the voice’s speed', ({
    assert,
  }) => {
    assert.equal(sceneWordCapacity(1), 13)
    const twelve = 'one two three four five six seven eight nine ten eleven twelve.'
    assert.isFalse(sceneOverruns(twelve, 1))
    assert.isTrue(sceneOverruns(twelve, 0.7), 'a slow voice cannot say them in time')
    assert.isTrue(sceneOverruns(`${twelve} And two more words here.`, 1))
  })
})

test.group('Scene narration: the voice-over track', (group) => {
  let dir: string
  group.each.setup(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scene-narration-'))
    return () => rm(dir, { recursive: true, force: true })
  })

  test('each scene is heard in its own window, words timed where they are heard, pitch kept', async ({
    assert,
  }) => {
    const tools = await mediaTools()
    // The second scene's speech is longer than its window (4.6 s): it is sped up to fit.
    const lengths = new Map([
      ['one two.', 2000],
      ['three four five six.', 5200],
      ['seven eight.', 3000],
    ])
    const contexts: { text: string; previousText?: string; nextText?: string }[] = []
    const narration = await narrateScenes({
      texts: ['one two.', 'three four five six.', '  ', 'seven eight.'],
      speak: async (text, context) => {
        contexts.push({ text, ...context })
        return toneSpeech(text, lengths.get(text)!)
      },
      workDir: dir,
      tools,
    })
    assert.isNotNull(narration)
    const track = join(dir, 'track.wav')
    await writeFile(track, narration!.audio)
    const samples = await decodeMono(tools, ['-i', track], join(dir, 'track.f32'), RATE)

    // The texts around each scene go with it, for a voice that reads context.
    const byText = new Map(contexts.map((context) => [context.text, context]))
    assert.deepEqual(byText.get('three four five six.'), {
      text: 'three four five six.',
      previousText: 'one two.',
      nextText: 'seven eight.',
    })

    const scenes = [
      { index: 0, words: ['one', 'two.'] },
      { index: 1, words: ['three', 'four', 'five', 'six.'] },
      { index: 3, words: ['seven', 'eight.'] },
    ]
    for (const scene of scenes) {
      const start = scene.index * 5000
      const heard = loudSpan(samples, RATE, start, start + 5000)
      assert.isAtLeast(heard.first, start, `scene ${scene.index + 1} not before its scene`)
      assert.isAtMost(heard.first, start + 300, `scene ${scene.index + 1} heard from its start`)
      assert.isAtMost(heard.last, start + 5000, `scene ${scene.index + 1} ends in its scene`)
      const words = narration!.words.filter((word) => scene.words.includes(word.text))
      assert.lengthOf(words, scene.words.length)
      assert.approximately(words[0].startMs, heard.first, 60, 'the first word, where it is heard')
      assert.approximately(words.at(-1)!.endMs, heard.last, 80, 'the last word, where it ends')
    }
    assert.equal(loudSpan(samples, RATE, 10000, 15000).first, -1, 'the silent scene is silent')

    // The long scene was sped up to fit, its tone (the voice's pitch) unchanged.
    const fitted = narration!.placements.find((place) => place.scene === 1)!
    assert.isAbove(fitted.tempo, 1)
    assert.isAtMost(fitted.tempo, MAX_TEMPO)
    const middle = samples.subarray(Math.round(6 * RATE), Math.round(9 * RATE))
    assert.approximately(pitchOf(middle, RATE), 440, 5)
  })

  test('no words in any scene: no voice-over', async ({ assert }) => {
    const narration = await narrateScenes({
      texts: ['', ' '],
      speak: async () => {
        throw new Error('nothing should be spoken')
      },
      workDir: dir,
      tools: await mediaTools(),
    })
    assert.isNull(narration)
  })
})
