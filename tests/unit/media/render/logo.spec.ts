import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { mediaTools, type MediaTools } from '#media/ffmpeg/tools'
import { renderVideo } from '#media/render/renderer'
import type { LogoOverlay } from '#media/render/overlays'
import { colourAt, framesOf, near } from '#tests/helpers/frames'

const SIZE = { width: 180, height: 320 }
const BLUE = { r: 20, g: 40, b: 220 }
const RED = { r: 230, g: 20, b: 20 }

let root: string
let tools: MediaTools

/** One blue scene with the logo over it; its first and last frames. */
async function renderWithLogo(name: string, logo: Omit<LogoOverlay, 'path'>) {
  const workDir = join(root, `work-${name}`)
  await mkdir(workDir)
  const image = await sharp({
    create: { width: SIZE.width, height: SIZE.height, channels: 3, background: BLUE },
  })
    .jpeg({ quality: 95 })
    .toBuffer()
  const outputPath = join(root, `${name}.mp4`)
  await renderVideo({
    scenes: [{ kind: 'still', image }],
    voice: null,
    music: null,
    size: SIZE,
    watermark: false,
    logo: { path: join(root, 'logo.png'), ...logo },
    workDir,
    outputPath,
    thumbnailPath: join(root, `${name}.jpg`),
    tools,
  })
  return framesOf(outputPath, [0, 119])
}

test.group('Render: a brand kit’s logo', (group) => {
  group.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'reelforge-logo-'))
    tools = await mediaTools()
    // A 100×50 logo: its left half opaque red, its right half transparent.
    const pixels = Buffer.alloc(100 * 50 * 4)
    for (let y = 0; y < 50; y++) {
      for (let x = 0; x < 50; x++) {
        const at = (y * 100 + x) * 4
        pixels.set([RED.r, RED.g, RED.b, 255], at)
      }
    }
    await sharp(pixels, { raw: { width: 100, height: 50, channels: 4 } })
      .png()
      .toFile(join(root, 'logo.png'))
    return () => rm(root, { recursive: true, force: true })
  })

  test('the logo sits in its corner at its size and opacity, on every frame; its transparent part shows the scene', async ({
    assert,
  }) => {
    // 40 % of the 180-pixel side: 72×36, 7 pixels (4 %) from the bottom-left corner.
    const frames = await renderWithLogo('half', { corner: 'bottom-left', size: 40, opacity: 50 })
    const purple = { r: (RED.r + BLUE.r) / 2, g: (RED.g + BLUE.g) / 2, b: (RED.b + BLUE.b) / 2 }
    for (const [index, frame] of frames.entries()) {
      const logo = await colourAt(frame, 24, 295)
      assert.isTrue(
        near(logo, purple),
        `frame ${index}: half-opaque red over blue, ${JSON.stringify(logo)}`
      )
      const clear = await colourAt(frame, 66, 295)
      assert.isTrue(
        near(clear, BLUE),
        `frame ${index}: the transparent half, ${JSON.stringify(clear)}`
      )
      const outside = await colourAt(frame, 24, 270)
      assert.isTrue(
        near(outside, BLUE),
        `frame ${index}: above the logo, ${JSON.stringify(outside)}`
      )
      const elsewhere = await colourAt(frame, 150, 20)
      assert.isTrue(
        near(elsewhere, BLUE),
        `frame ${index}: the other corners, ${JSON.stringify(elsewhere)}`
      )
    }
  })

  test('another corner, fully opaque: the logo’s own colour there and nowhere else', async ({
    assert,
  }) => {
    const [first] = await renderWithLogo('opaque', { corner: 'top-right', size: 20, opacity: 100 })
    // 36×18, 7 pixels from the top-right corner: its red half spans x 137–155, y 7–25.
    const logo = await colourAt(first, 146, 16)
    assert.isTrue(near(logo, RED), JSON.stringify(logo))
    const bottomLeft = await colourAt(first, 24, 295)
    assert.isTrue(near(bottomLeft, BLUE), JSON.stringify(bottomLeft))
  })
})
