/*
|--------------------------------------------------------------------------
| Render benchmark: `npm run bench:render [-- --runs 3 --ffmpeg /path/to/ffmpeg]`
|--------------------------------------------------------------------------
|
| Renders one fixed project (6 scenes, 30 s, 9:16, voice-over, music bed,
| watermark) at 720p and 1080p without booting the app, through the code the
| compose job runs (scene-by-scene narration, then renderVideo: one encode per scene, joined
| with -c copy), and compares each render's wall time with a floor measured
| in the same run: ffmpeg re-encoding the finished MP4 with the same codec
| settings. Then the captions column: the 720p render in every caption
| style, runs interleaved, against the phrase style (bar: within 5 %). Then
| the brand column: the render with a brand kit (a logo on every frame, a
| 1.5 s intro and a 2.5 s outro card) against the same render without, per
| second of video, at 720p and 1080p (bar: within 5 %).
|
*/
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { bundledBedPath } from '#media/music/library'
import { LocalVoiceSynthesizer } from '#media/providers/local/local_voice_synthesizer'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'
import type { ProcessStats } from '#media/ffmpeg/process'
import { mediaTools } from '#media/ffmpeg/tools'
import type { Quality } from '#media/providers/contracts'
import { captionsFor } from '#media/render/captions'
import { CAPTION_STYLE_IDS, captionOptions } from '#media/render/caption_styles'
import { renderVideo } from '#media/render/renderer'
import { narrateScenes, sceneLengths } from '#media/render/scene_narration'
import { splitIntoScenes } from '#shared/scene_cuts'
import { resolutionFor } from '#media/render/types'
import { cpuSeconds, median, reencodeFloor, seconds, table, VOICE_OVER } from './bench_support.ts'

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    ffmpeg: { type: 'string' },
  },
})
const runs = Math.max(1, Number(options.runs))
if (options.ffmpeg) process.env.FFMPEG_PATH = options.ffmpeg

const SCENES = [
  'A lighthouse on a cliff at dusk',
  'An old keeper climbing spiral stairs',
  'A winter storm tearing at the shutters',
  'Fishing boats on a dark bay',
  'The great lamp flickering out',
  'A tower glowing with hundreds of candles',
]
const STYLES = ['cinematic', 'realistic', 'noir', 'watercolor', 'anime', 'pixar'] as const
const QUALITIES: Quality[] = ['720p', '1080p']

type Sample = {
  wallMs: number
  floorMs: number
  cpuSeconds: number
  floorCpuSeconds: number
  nodePeakRss: number
  childPeakRssKiB: number
  timings: { voiceMs: number; scenesMs: number; assembleMs: number }
}

const dir = await mkdtemp(join(tmpdir(), 'reelforge-bench-'))
try {
  const children: ProcessStats[] = []
  const tools = await mediaTools({ observe: (stats) => children.push(stats) })
  console.log(`ffmpeg  ${tools.ffmpeg}\nffprobe ${tools.ffprobe}`)
  const wanted = [
    'zoompan',
    'subtitles',
    'drawtext',
    'sidechaincompress',
    'ebur128',
    'alimiter',
    'tpad',
  ]
  console.log(
    `filters ${wanted.map((name) => `${name}:${tools.filters.has(name) ? 'yes' : 'no'}`).join(' ')}`
  )

  const musicPath = bundledBedPath('chill-lofi-drift.mp3')

  // A worker synthesises many voice-overs: warm eSpeak's WebAssembly up as one would be.
  const narrator = new LocalVoiceSynthesizer()
  const coldStarted = performance.now()
  await narrator.synthesize(SCENES.join('. '), 'en-us', { speed: 1 })
  const coldMs = performance.now() - coldStarted
  // Each scene's words spoken over that scene, as the voice-over job lays them.
  const sceneTexts = splitIntoScenes(VOICE_OVER, SCENES.length)
  const narrate = (workDir: string) =>
    narrateScenes({
      texts: sceneTexts,
      speak: (text, context) => narrator.synthesize(text, 'en-us', { speed: 1, ...context }),
      workDir,
      tools,
    }).then((narration) => narration!)
  const speech = await narrate(dir)
  const words = VOICE_OVER.split(/\s+/).length
  const spokenSeconds = speech.words[speech.words.length - 1].endMs / 1000
  const captions = captionsFor(speech.words, { width: 720, height: 1280 }, 30_000).length
  console.log(
    `voice   ${words} words, ${spokenSeconds.toFixed(1)} s spoken, ${captions} captions; ` +
      `eSpeak warm-up (first synthesis in the process) ${Math.round(coldMs)} ms, not counted`
  )

  const generator = new LocalImageGenerator()
  const stillsFor = (width: number) =>
    Promise.all(
      SCENES.map(async (sceneText, index) => {
        // Caption-free, as the scene job draws them for the video (captions are burned in).
        const image = await generator.generate({
          prompt: sceneText,
          sceneText: '',
          style: STYLES[index],
          aspectRatio: '9:16',
          seed: index + 1,
          width,
        })
        return { kind: 'still', image: image.data } as const
      })
    )

  const results: { quality: Quality; width: number; height: number; samples: Sample[] }[] = []
  for (const quality of QUALITIES) {
    const size = resolutionFor('9:16', quality)
    const stills = await stillsFor(size.width)

    const samples: Sample[] = []
    for (let run = 0; run < runs; run++) {
      const outputPath = join(dir, `video-${quality}.mp4`)
      children.length = 0
      let nodePeakRss = process.memoryUsage.rss()
      const sampler = setInterval(() => {
        nodePeakRss = Math.max(nodePeakRss, process.memoryUsage.rss())
      }, 20)
      const cpuBefore = cpuSeconds()
      const started = performance.now()
      // What the voice-over and compose jobs do: the narration, then the render.
      const narration = await narrate(dir)
      const voicePath = join(dir, 'voice.wav')
      await writeFile(voicePath, narration.audio)
      const voiceMs = performance.now() - started
      const rendered = await renderVideo({
        scenes: stills,
        sceneSeconds: sceneLengths(stills.length, narration.words),
        voice: { path: voicePath, words: narration.words },
        music: { path: musicPath },
        size,
        watermark: true,
        workDir: dir,
        outputPath,
        thumbnailPath: join(dir, `thumb-${quality}.jpg`),
        tools,
      })
      const wallMs = performance.now() - started
      const renderCpu = cpuSeconds() - cpuBefore
      clearInterval(sampler)
      const childPeakRssKiB = Math.max(...children.map((child) => child.peakRssKiB ?? 0))

      const floorCpuBefore = cpuSeconds()
      const floorMs = await reencodeFloor(
        tools.ffmpeg,
        outputPath,
        join(dir, `floor-${quality}.mp4`)
      )
      samples.push({
        wallMs,
        floorMs,
        cpuSeconds: renderCpu,
        floorCpuSeconds: cpuSeconds() - floorCpuBefore,
        nodePeakRss,
        childPeakRssKiB,
        timings: { voiceMs, ...rendered.timings },
      })
      const { scenesMs, assembleMs } = rendered.timings
      console.log(
        `  ${quality} run ${run + 1}: render ${seconds(wallMs)} s (voice ${seconds(voiceMs)}, ` +
          `scenes ${seconds(scenesMs)}, join ${seconds(assembleMs)}), floor ${seconds(floorMs)} s`
      )
    }
    results.push({ quality, ...size, samples })
  }

  const header = [
    'size',
    'video',
    'render wall',
    'video s / wall s',
    'floor (re-encode)',
    'ratio',
    'CPU render / floor',
    'node peak RSS',
    'max ffmpeg RSS',
  ]
  const rows = results.map(({ quality, width, height, samples }) => {
    const wall = median(samples.map((sample) => sample.wallMs))
    const floor = median(samples.map((sample) => sample.floorMs))
    const cpu = median(samples.map((sample) => sample.cpuSeconds))
    const floorCpu = median(samples.map((sample) => sample.floorCpuSeconds))
    return [
      `${quality} ${width}x${height}`,
      '30.0 s',
      `${seconds(wall)} s`,
      (30_000 / wall).toFixed(2),
      `${seconds(floor)} s`,
      (wall / floor).toFixed(2),
      `${cpu.toFixed(1)} / ${floorCpu.toFixed(1)} s`,
      `${mebibytes(Math.max(...samples.map((sample) => sample.nodePeakRss)))} MiB`,
      `${mebibytes(1024 * Math.max(...samples.map((sample) => sample.childPeakRssKiB)))} MiB`,
    ]
  })
  console.log(
    `\nMedians of ${runs} run(s); ratio = render wall / floor wall (bar: <= 1.2 at 720p and 1080p); ` +
      'CPU = user + system of node and its ffmpeg children (steadier on a busy machine)\n'
  )
  console.log(table([header, ...rows]))

  // The captions column: one narration, the same stills, each style in turn, every run.
  const size = resolutionFor('9:16', '720p')
  const stills = await stillsFor(size.width)
  const voicePath = join(dir, 'voice-captions.wav')
  await writeFile(voicePath, speech.audio)
  const byStyle = new Map(CAPTION_STYLE_IDS.map((style) => [style, [] as number[][]]))
  for (let run = 0; run < runs; run++) {
    for (const style of CAPTION_STYLE_IDS) {
      const cpuBefore = cpuSeconds()
      const started = performance.now()
      await renderVideo({
        scenes: stills,
        sceneSeconds: sceneLengths(stills.length, speech.words),
        voice: { path: voicePath, words: speech.words },
        music: { path: musicPath },
        captions: captionOptions({ style }),
        size,
        watermark: true,
        workDir: dir,
        outputPath: join(dir, `captions-${style}.mp4`),
        thumbnailPath: join(dir, `captions-${style}.jpg`),
        tools,
      })
      byStyle.get(style)!.push([performance.now() - started, cpuSeconds() - cpuBefore])
    }
  }
  const styleMedians = new Map(
    [...byStyle].map(([style, samples]) => [
      style,
      {
        wallMs: median(samples.map(([wallMs]) => wallMs)),
        cpu: median(samples.map(([, cpu]) => cpu)),
      },
    ])
  )
  const phrase = styleMedians.get('phrase')!
  const captionRows = [...styleMedians].map(([style, { wallMs, cpu }]) => {
    const ratio = wallMs / phrase.wallMs
    const cpuRatio = cpu / phrase.cpu
    return [
      style,
      `${seconds(wallMs)} s`,
      ratio.toFixed(3),
      `${cpu.toFixed(1)} s`,
      cpuRatio.toFixed(3),
      Math.min(ratio, cpuRatio) <= 1.05 ? 'yes' : 'NO',
    ]
  })
  console.log(
    `\nCaptions, 720p 9:16, medians of ${runs} interleaved run(s); ratio = the style / phrase ` +
      '(bar: <= 1.05 by wall or by CPU, the steadier on a busy machine)\n'
  )
  console.log(
    table([
      ['caption style', 'render wall', 'wall ratio', 'CPU', 'CPU ratio', 'within 5 %'],
      ...captionRows,
    ])
  )

  // The brand column: the same render with and without a kit, interleaved, per second of video.
  const logoPath = join(dir, 'logo.png')
  await sharp({
    create: { width: 512, height: 256, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="512" height="256"><circle cx="128" cy="128" r="110" fill="#FFE14D"/>' +
            '<rect x="260" y="60" width="230" height="136" rx="24" fill="#1E3A8A"/></svg>'
        ),
      },
    ])
    .png()
    .toFile(logoPath)
  const brandRows: string[][] = []
  for (const quality of QUALITIES) {
    const frame = resolutionFor('9:16', quality)
    const frames = await stillsFor(frame.width)
    const sceneSeconds = sceneLengths(frames.length, speech.words)
    const videoSeconds = sceneSeconds.reduce((total, value) => total + value, 0)
    const samples = { plain: [] as number[][], branded: [] as number[][] }
    for (let run = 0; run < runs; run++) {
      for (const kind of ['plain', 'branded'] as const) {
        const branded = kind === 'branded'
        const cpuBefore = cpuSeconds()
        const started = performance.now()
        await renderVideo({
          scenes: frames,
          sceneSeconds,
          voice: { path: voicePath, words: speech.words },
          music: { path: musicPath },
          size: frame,
          watermark: false,
          logo: branded ? { path: logoPath, corner: 'top-right', size: 18, opacity: 90 } : null,
          cards: branded
            ? {
                intro: card('intro', 1.5, 'Acme Coffee', logoPath),
                outro: card('outro', 2.5, 'Follow @acmecoffee', logoPath),
              }
            : undefined,
          workDir: dir,
          outputPath: join(dir, `brand-${kind}-${quality}.mp4`),
          thumbnailPath: join(dir, `brand-${kind}-${quality}.jpg`),
          tools,
        })
        const length = videoSeconds + (branded ? 4 : 0)
        samples[kind].push([
          (performance.now() - started) / length,
          (cpuSeconds() - cpuBefore) / length,
        ])
      }
    }
    const plainWall = median(samples.plain.map(([wall]) => wall))
    const plainCpu = median(samples.plain.map(([, cpu]) => cpu))
    const brandWall = median(samples.branded.map(([wall]) => wall))
    const brandCpu = median(samples.branded.map(([, cpu]) => cpu))
    const wallRatio = brandWall / plainWall
    const cpuRatio = brandCpu / plainCpu
    brandRows.push([
      `${quality} ${frame.width}x${frame.height}`,
      `${plainWall.toFixed(0)} / ${brandWall.toFixed(0)} ms`,
      wallRatio.toFixed(3),
      `${(plainCpu * 1000).toFixed(0)} / ${(brandCpu * 1000).toFixed(0)} ms`,
      cpuRatio.toFixed(3),
      Math.min(wallRatio, cpuRatio) <= 1.05 ? 'yes' : 'NO',
    ])
  }
  console.log(
    `\nBrand kit, 9:16, medians of ${runs} interleaved run(s), per second of video; ratio = ` +
      'branded / plain (bar: <= 1.05 by wall or by CPU)\n'
  )
  console.log(
    table([
      [
        'size',
        'wall per s (plain / branded)',
        'wall ratio',
        'CPU per s',
        'CPU ratio',
        'within 5 %',
      ],
      ...brandRows,
    ])
  )
} finally {
  await rm(dir, { recursive: true, force: true })
}

function card(kind: 'intro' | 'outro', length: number, text: string, logoPath: string) {
  return { kind, seconds: length, text, background: '#1E3A8A', color: '#FFE14D', logoPath }
}

function mebibytes(bytes: number) {
  return Math.round(bytes / 1024 / 1024)
}
