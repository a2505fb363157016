import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { mediaTools, runFfmpeg, type MediaTools } from '#media/ffmpeg/tools'
import type { RenderSize, TimedWord } from '#media/providers/contracts'
import { renderCaptionPreview } from '#media/render/caption_preview'
import {
  CAPTION_POSITIONS,
  CAPTION_STYLE_IDS,
  captionOptions,
  type CaptionOptions,
} from '#media/render/caption_styles'
import { renderVideo } from '#media/render/renderer'
import { FRAME_RATE } from '#media/render/types'
import { highlightCentres, highlightSteps } from '#tests/helpers/frames'

let root: string
let tools: MediaTools

async function pixels(image: Buffer) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** Where two same-sized frames differ: the caption's pixels. */
async function captionPixels(withCaptions: Buffer, without: Buffer) {
  const [a, b] = await Promise.all([pixels(withCaptions), pixels(without)])
  const points: { x: number; y: number }[] = []
  for (let index = 0; index < a.data.length; index += 3) {
    const delta =
      Math.abs(a.data[index] - b.data[index]) +
      Math.abs(a.data[index + 1] - b.data[index + 1]) +
      Math.abs(a.data[index + 2] - b.data[index + 2])
    if (delta > 24) points.push({ x: (index / 3) % a.width, y: Math.floor(index / 3 / a.width) })
  }
  return points
}

function preview(text: string, size: RenderSize, options: CaptionOptions) {
  return renderCaptionPreview({ text, size, options, workDir: root }, tools)
}

const SHAPES: Record<string, RenderSize> = {
  '9:16': { width: 180, height: 320 },
  '1:1': { width: 180, height: 180 },
  '16:9': { width: 320, height: 180 },
}

// The widest capitals, and hostile text: braces, backslashes, RTL marks, emoji, zero-width, NUL.
const TEXTS = [
  'WWWWWWW MMMMMMMMMMMM WWWWWWWW MMMMMMM WWWWWW',
  `Look ${'W'.repeat(300)} {\\fs300}big\\N \u202Eevil\u202C 🎉🎉 zero\u200Bwidth nul\u0000byte`,
]

test.group('Caption styles: renders', (group) => {
  group.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'reelforge-captions-'))
    tools = await mediaTools()
    return () => rm(root, { recursive: true, force: true })
  })

  for (const [shape, size] of Object.entries(SHAPES)) {
    const safeArea = shape === '9:16' ? ', in the safe area' : ''
    test(`every style at ${shape} stays in the frame${safeArea}`, async ({ assert }) => {
      for (const text of TEXTS) {
        const bare = await preview(text, size, captionOptions({ style: 'none' }))
        for (const style of CAPTION_STYLE_IDS.filter((id) => id !== 'none')) {
          for (const position of CAPTION_POSITIONS) {
            const options = captionOptions({ style, position, size: 'L' })
            const points = await captionPixels(await preview(text, size, options), bare)
            const where = `${style} ${position} at ${shape}`

            assert.isAbove(points.length, 20, `${where} draws a caption`)
            const xs = points.map((point) => point.x)
            const ys = points.map((point) => point.y)
            // Nothing touches the frame's edge: nothing was cut off there.
            assert.isAbove(Math.min(...xs), 0, where)
            assert.isAbove(Math.min(...ys), 0, where)
            assert.isBelow(Math.max(...xs), size.width - 1, where)
            assert.isBelow(Math.max(...ys), size.height - 1, where)
            if (shape === '9:16') {
              assert.isAtMost(Math.max(...ys), size.height * 0.8, `${where}: bottom fifth`)
              assert.isAtMost(Math.max(...xs), size.width * 0.87, `${where}: button column`)
            }
          }
        }
      }
    }).timeout(120_000)
  }

  test('karaoke lights each word while it is spoken (at least 80 % of its time, at 30 fps)', async ({
    assert,
  }) => {
    const size = { width: 480, height: 270 }
    const words: TimedWord[] = 'Red lamps guide ships home'.split(' ').map((text, index) => ({
      text,
      startMs: 300 + index * 400,
      endMs: 300 + index * 400 + 350,
    }))
    const voicePath = join(root, 'silence.wav')
    await runFfmpeg(tools, ['-f', 'lavfi', '-i', 'anullsrc=r=24000:cl=mono', '-t', '3', voicePath])
    const still = await sharp({
      create: { width: 480, height: 270, channels: 3, background: '#1d2b3a' },
    })
      .jpeg()
      .toBuffer()
    const outputPath = join(root, 'karaoke.mp4')
    await renderVideo({
      scenes: [{ kind: 'still', image: still }],
      sceneSeconds: [3],
      voice: { path: voicePath, words },
      music: null,
      captions: captionOptions({ style: 'karaoke' }),
      size,
      watermark: false,
      workDir: root,
      outputPath,
      thumbnailPath: join(root, 'karaoke.jpg'),
      tools,
    })
    // The highlight moves left to right, one step a word: frames are told apart by those steps.
    const steps = highlightSteps(await highlightCentres(outputPath, size, FRAME_RATE), 1)

    assert.lengthOf(steps, words.length)
    words.forEach((spoken, index) => {
      const { frames } = steps[index]
      const from = (frames[0] / FRAME_RATE) * 1000
      const to = ((frames[frames.length - 1] + 1) / FRAME_RATE) * 1000
      const overlap = Math.min(to, spoken.endMs) - Math.max(from, spoken.startMs)
      assert.isAtLeast(overlap / (spoken.endMs - spoken.startMs), 0.8, spoken.text)
    })
  }).timeout(60_000)

  test('the preview draws the creator words and changes with the style', async ({ assert }) => {
    const size = SHAPES['9:16']
    const text = 'The keeper climbed the stairs'
    const bare = await preview(text, size, captionOptions({ style: 'none' }))
    const karaoke = await preview(text, size, captionOptions({ style: 'karaoke' }))
    const word = await preview(text, size, captionOptions({ style: 'word' }))

    const drawn = await captionPixels(karaoke, bare)
    const changed = await captionPixels(word, karaoke)

    assert.isAbove(drawn.length, 50)
    assert.isAbove(changed.length, 50)
  }).timeout(30_000)
})
