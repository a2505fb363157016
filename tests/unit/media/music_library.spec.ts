import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { probe } from '#media/ffmpeg/probe'
import { mediaTools, runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import { MOODS } from '#media/models/music_track'
import { bundledBedPath, COMPOSITIONS, DEFAULT_MUSIC } from '#media/music/library'
import { beatsOf, secondsOf } from '#media/music/score'
import { integratedLoudness, TARGET_LUFS } from '#media/render/audio'
import { decodeMono, loopSeam, pitchedPeaks } from '#tests/helpers/audio'

/** Low enough to decode and analyse every bed in seconds, high enough for its melodies. */
const RATE = 22050
/** The fewest distinct pitched peaks a bed of instruments shows (the beds show 65–95). */
const MUSIC_PEAKS = 40

/**
 * A bed as the first library made them: summed sines from an ffmpeg
 * expression, faded in and out, encoded to MP3.
 */
const SINE_BED =
  "aevalsrc=exprs='0.12*(sin(2*PI*220*t)+sin(2*PI*277.18*t)+sin(2*PI*329.63*t))" +
  "*(0.6+0.4*sin(2*PI*0.25*t))+0.01*(random(0)*2-1)':s=44100:d=40"

let tools: MediaTools
let dir: string
let oldBed: string

const decoded = new Map<string, Promise<Float32Array>>()

/** A bed's samples, decoded once for all the tests that look at them. */
function decodeBed(path: string) {
  let samples = decoded.get(path)
  if (!samples) {
    samples = decodeMono(tools, ['-i', path], join(dir, `${decoded.size}.f32`), RATE)
    decoded.set(path, samples)
  }
  return samples
}

test.group('Music library: the shipped beds', (group) => {
  group.setup(async () => {
    tools = await mediaTools()
    dir = await mkdtemp(join(tmpdir(), 'reelforge-music-test-'))
    oldBed = join(dir, 'sine-bed.mp3')
    await runFfmpeg(tools, [
      ...['-f', 'lavfi', '-i', SINE_BED],
      ...['-af', 'afade=t=in:d=2,afade=t=out:st=37:d=3', '-c:a', 'libmp3lame', oldBed],
    ])
    return () => rm(dir, { recursive: true, force: true })
  })

  test('two beds or more per mood, each 30–60 s of whole bars', ({ assert }) => {
    for (const mood of MOODS) {
      assert.isAtLeast(DEFAULT_MUSIC.filter((bed) => bed.mood === mood).length, 2, mood)
    }
    for (const composition of COMPOSITIONS) {
      const seconds = secondsOf(composition)
      assert.isAtLeast(seconds, 30, composition.title)
      assert.isAtMost(seconds, 60, composition.title)
      const beats = composition.parts.flatMap((part) => part.notes.map((note) => note.beat))
      assert.isAtLeast(Math.min(...beats), 0, composition.title)
      assert.isBelow(Math.max(...beats), beatsOf(composition), composition.title)
    }
    assert.lengthOf(new Set(DEFAULT_MUSIC.map((bed) => bed.fileName)), DEFAULT_MUSIC.length)
  })

  test('{title}: an MP3 of its stated length that decodes')
    .with(COMPOSITIONS)
    .run(async ({ assert }, composition) => {
      const path = bundledBedPath(composition.fileName)
      const probed = await probe(path, tools)
      const samples = await decodeBed(path)

      assert.equal(probed.formatName, 'mp3')
      assert.deepEqual(
        probed.streams.map((stream) => stream.codecName),
        ['mp3']
      )
      assert.closeTo(samples.length / RATE, secondsOf(composition), 0.05)
    })

  test('{title}: at the mix loudness, −16 LUFS ± 1.5 LU')
    .with(COMPOSITIONS)
    .run(async ({ assert }, composition) => {
      const loudness = await integratedLoudness(
        tools,
        ['-i', bundledBedPath(composition.fileName)],
        [],
        '[0:a]'
      )

      assert.closeTo(loudness, TARGET_LUFS, 1.5)
    })

  test('{title}: its end flows into its start, without a click or a dip')
    .with(COMPOSITIONS)
    .run(async ({ assert }, composition) => {
      const seam = loopSeam(await decodeBed(bundledBedPath(composition.fileName)), RATE)

      assert.isAtMost(seam.seamStep, seam.nearbyStep)
      assert.closeTo(seam.firstDb, seam.lastDb, 6)
      assert.isAbove(Math.min(seam.firstDb, seam.lastDb), seam.wholeDb - 20)
    })

  test('{title}: instruments playing harmony, not a sum of sines')
    .with(COMPOSITIONS)
    .run(async ({ assert }, composition) => {
      const samples = await decodeBed(bundledBedPath(composition.fileName))

      assert.isAtLeast(pitchedPeaks(samples, RATE), MUSIC_PEAKS)
    })

  test('the checks tell an old sine bed from music: few peaks, and a fade at its seam', async ({
    assert,
  }) => {
    const samples = await decodeBed(oldBed)
    const seam = loopSeam(samples, RATE)

    assert.isBelow(pitchedPeaks(samples, RATE), MUSIC_PEAKS)
    assert.isBelow(Math.min(seam.firstDb, seam.lastDb), seam.wholeDb - 20)
  })
})
