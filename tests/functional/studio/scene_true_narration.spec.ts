import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mediaTools } from '#media/ffmpeg/tools'
import type { TimedWord } from '#media/providers/contracts'
import { MediaStorage } from '#media/services/media_storage'
import Scene from '#studio/models/scene'
import { createAccount, grantCredits } from '#tests/helpers/auth'
import { decodeMono } from '#tests/helpers/audio'
import { spokenWords } from '#tests/helpers/narration'
import { createPictureProject, storedPicture } from '#tests/helpers/pictures'
import { generateAll, startRenderWorker, waitForStatus } from '#tests/helpers/studio'

/** Five photos, one sentence each: each must be heard over its own photo. */
const SENTENCES = [
  'The harbour glows at dusk as the boats come home.',
  'A rocket climbs from the pad on a white column.',
  'Back home, the cat sleeps on the warm windowsill.',
  'Grandma opens the family album and smiles again.',
  'The stars come out over the quiet little town.',
]
const COLOURS = ['#c81e1e', '#1e9632', '#1e3cc8', '#c8a01e', '#7a1ec8']

const RATE = 16_000
const WINDOW = RATE / 100

/** The loudness (dBFS RMS) of each 10 ms of the video's soundtrack. */
async function soundtrackLevels(videoKey: string) {
  const dir = await mkdtemp(join(tmpdir(), 'narration-'))
  try {
    const path = join(dir, 'video.mp4')
    await writeFile(path, await new MediaStorage().read(videoKey))
    const samples = await decodeMono(
      await mediaTools(),
      ['-i', path, '-vn'],
      join(dir, 'a.f32'),
      RATE
    )
    const levels: number[] = []
    for (let from = 0; from + WINDOW <= samples.length; from += WINDOW) {
      let sum = 0
      for (let at = from; at < from + WINDOW; at++) sum += samples[at] ** 2
      levels.push(10 * Math.log10(sum / WINDOW + 1e-12))
    }
    return levels
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** When speech is heard within [fromMs, toMs): its first and last loud 10 ms, in ms. */
function heardWithin(levels: number[], fromMs: number, toMs: number) {
  const loud = levels
    .map((level, index) => ({ level, ms: index * 10 }))
    .filter(({ level, ms }) => ms >= fromMs && ms < toMs && level > -45)
  return loud.length ? { firstMs: loud[0].ms, lastMs: loud.at(-1)!.ms + 10 } : null
}

test.group('Narration: each scene’s words are spoken over that scene', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('five photos with a sentence each, read by a {pace} voice')
    .with([
      { pace: 'fast', speed: 1.4 },
      // Slow enough that two of the sentences are longer than their scenes at the voice's own pace.
      { pace: 'slow', speed: 0.65 },
    ])
    .run(async ({ client, assert, cleanup }, { pace, speed }) => {
      await startRenderWorker(cleanup)
      const owner = await createAccount(`narration-${pace}@example.com`)
      await grantCredits(owner, 25)
      const pictures = []
      for (const background of COLOURS) {
        pictures.push(await storedPicture(owner, { width: 180, height: 320, background }))
      }
      const project = await createPictureProject(owner, pictures)
      await project
        .merge({ voice: { ...project.voice, speed }, music: null, script: SENTENCES.join(' ') })
        .save()
      const scenes = await Scene.query().where('project_id', project.id).orderBy('order')
      for (const [index, scene] of scenes.entries()) {
        await scene.merge({ prompt: SENTENCES[index] }).save()
      }

      const started = await generateAll(client, owner, project.id)
      started.assertStatus(202)
      const done = await waitForStatus(project.id, ['done', 'failed'], 180_000)
      assert.equal(done.status, 'done', done.error ?? '')

      const words = await spokenWords(project.id)
      assert.deepEqual(
        words.map((word) => word.text),
        SENTENCES.join(' ').split(' '),
        'every word is timed, in order'
      )
      const levels = await soundtrackLevels(done.outputVideoKey!)
      const bySentence: TimedWord[][] = []
      let next = 0
      for (const sentence of SENTENCES) {
        const count = sentence.split(' ').length
        bySentence.push(words.slice(next, next + count))
        next += count
      }

      const spans: number[] = []
      for (const [index, sentenceWords] of bySentence.entries()) {
        const sceneStart = index * 5000
        const sceneEnd = sceneStart + 5000
        const label = `scene ${index + 1} (${pace})`
        // The word timings: the first word within 0.3 s of the scene's start, the last before its end.
        assert.isAtLeast(sentenceWords[0].startMs, sceneStart, `${label} starts in its scene`)
        assert.isAtMost(sentenceWords[0].startMs, sceneStart + 300, `${label} starts on time`)
        assert.isAtMost(sentenceWords.at(-1)!.endMs, sceneEnd, `${label} ends in its scene`)

        // The audio, from just after the scene before has fallen silent to just before the next speaks.
        const heard = heardWithin(levels, sceneStart - 200, sceneEnd + 100)
        assert.isNotNull(heard, `${label} is heard`)
        assert.isAtLeast(heard!.firstMs, sceneStart, `${label}: nothing heard before its scene`)
        assert.isAtMost(heard!.firstMs, sceneStart + 300, `${label}: heard from its start`)
        assert.isAtMost(heard!.lastMs, sceneEnd, `${label}: silent as the scene ends`)
        assert.approximately(
          heard!.firstMs,
          sentenceWords[0].startMs,
          120,
          `${label}: the captions' timing is the voice's`
        )
        spans.push(heard!.lastMs - heard!.firstMs)
      }
      if (pace === 'slow') {
        // Sped up to fit, not cut: the longest sentences fill their scene to within its last beat.
        assert.isAbove(Math.max(...spans), 4400, 'the slow voice fills its scene')
      } else {
        assert.isBelow(Math.max(...spans), 3600, 'the fast voice leaves a pause at each end')
      }
    })
    .timeout(240_000)
})
