import { test } from '@japa/runner'
import type { StyleId } from '#core/vocabulary'
import type { Assert } from '@japa/assert'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'
import { synthesizeSpeech } from '#media/providers/local/espeak'
import type { ClipSource } from '#media/providers/contracts'
import { probe, type ProbeResult } from '#media/ffmpeg/probe'
import { renderVideo, type RenderVideoInput } from '#media/render/renderer'
import { integratedLoudness, mixAudio } from '#media/render/audio'
import { mediaTools, runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import { npmBuildPath } from '#media/ffmpeg/binaries'
import type { ProcessStats } from '#media/ffmpeg/process'
import { decodeMono, lagBetween } from '#tests/helpers/audio'
import { difference, TOP_LEFT, TOP_RIGHT, type Region } from '#tests/helpers/frames'

const SIZE = { width: 180, height: 320 }
const VOICE =
  'The keeper climbed the stairs every night. He never missed an evening, ' +
  'not even in the storms that tore the shutters away.'

const CAPTION_BAND: Region = { left: 10, top: 236, width: 160, height: 50 }
const TOP_BAND: Region = { left: 10, top: 60, width: 160, height: 50 }

let root: string
let tools: MediaTools
let stills: ClipSource[]
let music: { path: string }
let voice: { path: string; words: { text: string; startMs: number; endMs: number }[] }
const renders = new Map<string, Promise<string>>()

/** A 180×320 render of the three stills, shared by the tests that compare renders. */
function rendered(name: string, options: Partial<RenderVideoInput> = {}) {
  let video = renders.get(name)
  if (!video) {
    video = (async () => {
      const workDir = join(root, `work-${name}`)
      await mkdir(workDir)
      const outputPath = join(root, `${name}.mp4`)
      await renderVideo({
        scenes: stills,
        voice: null,
        music: null,
        size: SIZE,
        watermark: false,
        workDir,
        outputPath,
        thumbnailPath: join(root, `${name}.jpg`),
        tools,
        ...options,
      })
      return outputPath
    })()
    renders.set(name, video)
  }
  return video
}

async function still(style: StyleId, seed: number): Promise<ClipSource> {
  const image = await new LocalImageGenerator().generate({
    prompt: `Scene ${seed}`,
    sceneText: '',
    style,
    aspectRatio: '9:16',
    seed,
    width: SIZE.width,
  })
  return { kind: 'still', image: image.data }
}

/** The narration as the compose job hands it over: a WAV and its word timings. */
async function narration(dir: string) {
  const speech = await synthesizeSpeech(VOICE, 'en-us')
  const path = join(dir, 'voice.wav')
  await writeFile(path, speech.wav)
  return { path, words: speech.words }
}

async function frame(video: string, seconds: number) {
  const path = `${video}-${seconds}.png`
  await runFfmpeg(tools, ['-ss', String(seconds), '-i', video, '-frames:v', '1', path])
  return path
}

/** Root mean square of the soundtrack, 0 for silence, 1 for full scale. */
async function soundLevel(video: string) {
  const path = `${video}.pcm`
  const mono = ['-map', '0:a', '-ac', '1', '-ar', '8000', '-f', 's16le']
  await runFfmpeg(tools, ['-i', video, ...mono, path])
  const pcm = await readFile(path)
  let sum = 0
  for (let offset = 0; offset + 1 < pcm.length; offset += 2) sum += pcm.readInt16LE(offset) ** 2
  return Math.sqrt(sum / (pcm.length / 2)) / 32768
}

/** The soundtrack's highest sample, in dBFS. */
async function peakLevel(video: string) {
  const path = `${video}.peak.pcm`
  await runFfmpeg(tools, ['-i', video, '-map', '0:a', '-f', 's16le', path])
  const pcm = await readFile(path)
  let peak = 0
  for (let offset = 0; offset + 1 < pcm.length; offset += 2) {
    peak = Math.max(peak, Math.abs(pcm.readInt16LE(offset)))
  }
  return 20 * Math.log10(peak / 32768)
}

/** One H.264 yuv420p video stream of SIZE and one AAC stream, both `seconds` long. */
function assertShape(assert: Assert, result: ProbeResult, seconds: number) {
  assert.closeTo(result.durationSeconds, seconds, 0.1)
  const video = result.streams.filter((stream) => stream.codecType === 'video')
  const audio = result.streams.filter((stream) => stream.codecType === 'audio')
  assert.lengthOf(video, 1)
  assert.lengthOf(audio, 1)
  assert.deepEqual(
    [video[0].codecName, video[0].pixFmt, video[0].width, video[0].height],
    ['h264', 'yuv420p', SIZE.width, SIZE.height]
  )
  assert.equal(audio[0].codecName, 'aac')
  assert.closeTo(audio[0].durationSeconds!, seconds, 0.1)
}

/** A scene's segment: SIZE, 5 s, video only, ready for `-c copy`. */
function assertSegment(assert: Assert, result: ProbeResult) {
  assert.closeTo(result.durationSeconds, 5, 0.05)
  assert.deepEqual(
    result.streams.map((stream) => [stream.codecType, stream.codecName, stream.pixFmt]),
    [['video', 'h264', 'yuv420p']]
  )
  assert.deepEqual([result.streams[0].width, result.streams[0].height], [SIZE.width, SIZE.height])
  assert.equal(result.streams[0].frameRate, '30/1')
}

test.group('Renderer', (group) => {
  group.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'reelforge-render-test-'))
    tools = await mediaTools()
    stills = await Promise.all(
      (['cinematic', 'watercolor', 'pixar'] as const).map((style, index) => still(style, index + 1))
    )
    // Four seconds of tune: the renderer has to loop it.
    music = { path: join(root, 'music.m4a') }
    await runFfmpeg(tools, [
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=4', '-c:a', 'aac', music.path],
    ])
    voice = await narration(root)
    return () => rm(root, { recursive: true, force: true })
  })

  test('renders stills, voice, music and watermark into one H.264 + AAC MP4', async ({
    assert,
  }) => {
    const workDir = join(root, 'work-full')
    await mkdir(workDir)
    const outputPath = join(root, 'full.mp4')
    const thumbnailPath = join(root, 'full.jpg')

    const segments: number[] = []
    const result = await renderVideo({
      scenes: stills,
      voice,
      music,
      size: SIZE,
      watermark: true,
      workDir,
      outputPath,
      thumbnailPath,
      tools,
      onScene: async (index, segmentPath) => {
        assertSegment(assert, await probe(segmentPath, tools))
        segments.push(index)
      },
    })

    assert.deepEqual([result.durationSeconds, result.width, result.height], [15, 180, 320])
    assert.sameMembers(segments, [0, 1, 2])
    assert.isAbove(result.timings.scenesMs, 0)
    assertShape(assert, await probe(outputPath, tools), 15)
    const thumbnail = await sharp(thumbnailPath).metadata()
    assert.deepEqual([thumbnail.format, thumbnail.width, thumbnail.height], ['jpeg', 180, 320])
    assert.isAbove(await soundLevel(outputPath), 0.01)
    // Normalised to −16 LUFS, its peaks limited under −1.5 dBFS (AAC may overshoot a little).
    const loudness = await integratedLoudness(tools, ['-i', outputPath], ['[0:a]anull[a]'], '[a]')
    assert.closeTo(loudness, -16, 1.5)
    assert.isBelow(await peakLevel(outputPath), -1)
    assert.deepEqual(await readdir(workDir), [])
  }).timeout(30_000)

  test('draws the watermark in the top-right corner only when asked', async ({ assert }) => {
    const plain = await frame(await rendered('plain'), 2)
    const marked = await frame(await rendered('music', { music, watermark: true }), 2)

    const corner = await difference(plain, marked, TOP_RIGHT)
    const elsewhere = await difference(plain, marked, TOP_LEFT)

    assert.isAbove(corner, 3)
    assert.isAbove(corner, elsewhere * 4)
  }).timeout(30_000)

  test('burns captions at the bottom while the voice speaks', async ({ assert }) => {
    const plain = await frame(await rendered('plain'), 1.5)
    const spoken = await frame(await rendered('voice', { voice }), 1.5)

    const captions = await difference(plain, spoken, CAPTION_BAND)
    const above = await difference(plain, spoken, TOP_BAND)

    assert.isAbove(captions, 5)
    assert.isAbove(captions, above * 4)
  }).timeout(30_000)

  test('keeps a silent soundtrack without voice or music, and mixes either alone', async ({
    assert,
  }) => {
    const silent = await rendered('plain')
    const withMusic = await rendered('music', { music, watermark: true })
    const withVoice = await rendered('voice', { voice })

    for (const video of [silent, withMusic, withVoice]) {
      assertShape(assert, await probe(video, tools), 15)
    }
    assert.isBelow(await soundLevel(silent), 0.001)
    assert.isAbove(await soundLevel(withMusic), 0.01)
    assert.isAbove(await soundLevel(withVoice), 0.01)
  }).timeout(30_000)

  test('loops an MP3 bed sample-exact and on time: its second time round starts where the first ended', async ({
    assert,
  }) => {
    const rate = 44100
    const bed = join(root, 'noise-bed.mp3')
    await runFfmpeg(tools, [
      ...['-f', 'lavfi', '-i', "aevalsrc=exprs='0.3*(random(0)*2-1)':s=44100:d=1.5"],
      ...['-c:a', 'libmp3lame', bed],
    ])
    const outputPath = join(root, 'looped.m4a')
    await mixAudio({ voice: null, music: { path: bed }, durationSeconds: 4, outputPath }, tools)

    const once = await decodeMono(tools, ['-i', bed], join(root, 'bed.f32'), rate)
    const mixed = await decodeMono(tools, ['-i', outputPath], join(root, 'looped.f32'), rate)
    // Wide enough to find a limiter's 5 ms lookahead (220 samples) left in the mix.
    const window = { length: Math.round(rate * 0.3), range: 400 }
    const from = Math.round(rate * 0.3)
    const firstTime = lagBetween(mixed, from, once, from, window)
    const secondTime = lagBetween(mixed, once.length + from, once, from, window)

    assert.closeTo(once.length / rate, 1.5, 0.01)
    assert.closeTo(firstTime, 0, 2)
    assert.closeTo(secondTime, firstTime, 1)
  }).timeout(30_000)

  test('falls back to drawtext captions and volume ducking', async ({ assert }) => {
    const filters = new Set(tools.filters)
    filters.delete('subtitles')
    filters.delete('sidechaincompress')
    const video = await rendered('fallback', {
      voice,
      music,
      tools: { ...tools, filters },
    })

    assertShape(assert, await probe(video, tools), 15)
    const plain = await frame(await rendered('plain'), 1.5)
    const captions = await difference(plain, await frame(video, 1.5), CAPTION_BAND)
    assert.isAbove(captions, 5)
  }).timeout(30_000)

  test('runs its ffmpeg processes on the threads it is given (RENDER_THREADS)', async ({
    assert,
  }) => {
    const peakThreads = async (threads: number) => {
      const seen: ProcessStats[] = []
      await rendered(`threads-${threads}`, {
        voice,
        music,
        watermark: true,
        threads,
        tools: { ...tools, observe: (stats) => seen.push(stats) },
      })
      return seen.map((stats) => stats.peakThreads ?? 0)
    }

    // One core: no codec or filter spreads over threads (ffmpeg keeps a helper or two of its own).
    const oneCore = await peakThreads(1)
    // Eight cores for two encodes at once: four x264 threads each, and as many for the filters.
    const eightCores = await peakThreads(8)

    assert.isAtMost(Math.max(...oneCore), 3)
    assert.isAtLeast(Math.max(...eightCores), 8)
  }).timeout(30_000)

  test('removes its temp dir when a render fails', async ({ assert }) => {
    const workDir = join(root, 'work-failed')
    await mkdir(workDir)

    await assert.rejects(() =>
      renderVideo({
        scenes: [{ kind: 'still', image: Buffer.from('not an image') }],
        voice: null,
        music: null,
        size: SIZE,
        watermark: true,
        workDir,
        outputPath: join(root, 'failed.mp4'),
        thumbnailPath: join(root, 'failed.jpg'),
        tools,
      })
    )
    assert.deepEqual(await readdir(workDir), [])
  }).timeout(30_000)
})

test.group('Renderer with generated videos', (group) => {
  let odd: string

  group.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'reelforge-video-sources-test-'))
    // What a provider might send: square, 24 fps, 3 s, another codec profile.
    odd = join(root, 'odd.mp4')
    await runFfmpeg(tools, [
      ...['-f', 'lavfi', '-i', 'testsrc=size=240x240:rate=24:duration=3'],
      ...['-c:v', 'libx264', '-profile:v', 'high444', '-pix_fmt', 'yuv444p', odd],
    ])
    voice = await narration(root)
    return () => rm(root, { recursive: true, force: true })
  })

  test('fits videos of another size, rate and length to 5 s scenes in one encode', async ({
    assert,
  }) => {
    const workDir = join(root, 'work-odd')
    await mkdir(workDir)
    const outputPath = join(root, 'fitted.mp4')
    const sources: ClipSource[] = [{ kind: 'video', path: odd }, await still('realistic', 3)]
    const segments: ProbeResult[] = []

    await renderVideo({
      scenes: sources,
      voice,
      music: null,
      size: SIZE,
      watermark: true,
      workDir,
      outputPath,
      thumbnailPath: join(root, 'fitted.jpg'),
      tools,
      onScene: async (_, segmentPath) => {
        segments.push(await probe(segmentPath, tools))
      },
    })

    assertShape(assert, await probe(outputPath, tools), 10)
    assert.lengthOf(segments, 2)
    for (const segment of segments) assertSegment(assert, segment)
    assert.deepEqual(await readdir(workDir), [])
  }).timeout(30_000)

  test('an abort kills the encodes and removes the temp dir', async ({ assert }) => {
    const workDir = join(root, 'work-aborted')
    await mkdir(workDir)
    const controller = new AbortController()
    const scenes = Array.from({ length: 6 }, () => ({ kind: 'video', path: odd }) as const)
    let finished = 0
    const cancelled = new Error('cancelled')

    const render = renderVideo({
      scenes,
      voice: null,
      music: null,
      size: { width: 720, height: 1280 },
      watermark: false,
      workDir,
      outputPath: join(root, 'aborted.mp4'),
      thumbnailPath: join(root, 'aborted.jpg'),
      tools,
      signal: controller.signal,
      onScene: async () => {
        finished += 1
        controller.abort(cancelled)
      },
    })

    assert.strictEqual(await render.catch((error: unknown) => error), cancelled)
    // The encode running beside the first may just have made it; nothing after the abort does.
    assert.oneOf(finished, [1, 2])
    // Every ffmpeg had exited before the render gave up: none still writes into its temp dir.
    const running = execFileSync('ps', ['-eo', 'args']).toString()
    assert.notInclude(running, workDir)
    assert.deepEqual(await readdir(workDir), [])
    await assert.rejects(() => readFile(join(root, 'aborted.mp4')))
  }).timeout(30_000)
})

test.group('ffmpeg builds', () => {
  const builds = [
    { name: 'npm static build', path: npmBuildPath('ffmpeg') },
    { name: 'system ffmpeg', path: 'ffmpeg' },
  ].filter(
    (build): build is { name: string; path: string } =>
      build.path !== null && spawnSync(build.path, ['-version'], { stdio: 'ignore' }).status === 0
  )

  test('renders with the {name}')
    .with(builds)
    .run(async ({ assert }, { path }) => {
      const own = await mediaTools({ ffmpeg: path })
      const dir = await mkdtemp(join(tmpdir(), 'reelforge-build-test-'))
      try {
        const outputPath = join(dir, 'video.mp4')
        await renderVideo({
          scenes: [await still('noir', 1)],
          voice: await narration(dir),
          music: null,
          size: SIZE,
          watermark: true,
          workDir: dir,
          outputPath,
          thumbnailPath: join(dir, 'thumb.jpg'),
          tools: own,
        })
        assertShape(assert, await probe(outputPath, own), 5)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    })
    .timeout(30_000)
})
