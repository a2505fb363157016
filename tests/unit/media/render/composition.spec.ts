import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Quality, RenderSize } from '#media/providers/contracts'
import { framePicture } from '#media/render/picture_frame'
import { renderVideo } from '#media/render/renderer'
import { panSpan } from '#media/render/scene_encoder'
import { FRAME_RATE, resolutionFor, SCENE_SECONDS } from '#media/render/types'
import { renderSizeFor } from '#studio/render/render_settings'
import { compositionDistance, framesOf } from '#tests/helpers/frames'
import { framedByPixelCount, photoLike } from '#tests/helpers/photos'

/*
 * docs/product.md, Image to Video: resolution changes sharpness, never
 * composition. One Image to Video project (a portrait photo, a landscape
 * photo, a picture too small for any plan) is rendered through the real
 * renderer at the three plans' sizes (times RENDER_SCALE, as every test
 * renders), and the frames are compared shrunk to one size.
 */

const QUALITIES: Quality[] = ['720p', '1080p', '2160p']
const PICTURES = [
  { width: 720, height: 1024, subject: 0.5 },
  { width: 1600, height: 900, subject: 0.8 },
  { width: 160, height: 120, subject: 0.5 },
]
const SCENE_FRAMES = SCENE_SECONDS * FRAME_RATE
/** Early, middle and late in each scene: the camera moves (zoom in, pan, zoom out) included. */
const SAMPLED = PICTURES.flatMap((_, scene) =>
  [10, 75, 140].map((frame) => scene * SCENE_FRAMES + frame)
)
/**
 * Mean RGB difference (0–255) of two frames shrunk to 90×160 that still show
 * the same composition: measured at 1.5–3.6 between the sizes (the encoder's
 * loss at 180×320 mostly), against 14–35 for the shrunken pictures.
 */
const SAME_COMPOSITION = 6

let root: string
let photos: Buffer[]

async function render(name: string, stills: Buffer[], size: RenderSize) {
  const workDir = join(root, name)
  await mkdir(workDir)
  const outputPath = join(root, `${name}.mp4`)
  await renderVideo({
    scenes: stills.map((image) => ({ kind: 'still', image })),
    voice: null,
    music: null,
    size,
    watermark: false,
    workDir,
    outputPath,
    thumbnailPath: join(root, `${name}.jpg`),
  })
  return framesOf(outputPath, SAMPLED)
}

test.group('Render composition at every resolution', (group) => {
  group.setup(async () => {
    root = await mkdtemp(join(tmpdir(), 'reelforge-composition-'))
    photos = await Promise.all(PICTURES.map((p) => photoLike(p.width, p.height, p.subject)))
    return () => rm(root, { recursive: true, force: true })
  })

  test('a project rendered at 2160p, 1080p and 720p shows the same framing; shrunken pictures do not', async ({
    assert,
  }) => {
    const frames: Record<string, Buffer[]> = {}
    for (const quality of QUALITIES) {
      const size = renderSizeFor('9:16', quality)
      const stills = await Promise.all(photos.map((photo) => framePicture(photo, size)))
      frames[quality] = await render(quality, stills, size)
    }
    // The old framing, by the 2160p frame's own pixels, scaled to the size this test renders at.
    const size = renderSizeFor('9:16', '2160p')
    const shrunkStills = await Promise.all(
      photos.map(async (photo) =>
        sharp(await framedByPixelCount(photo, resolutionFor('9:16', '2160p')))
          .resize(size.width, size.height)
          .jpeg()
          .toBuffer()
      )
    )
    const shrunk = await render('shrunk', shrunkStills, size)

    for (const [index, frame] of SAMPLED.entries()) {
      for (const quality of ['1080p', '2160p'] as const) {
        const distance = await compositionDistance(frames[quality][index], frames['720p'][index])
        assert.isBelow(distance, SAME_COMPOSITION, `${quality}, frame ${frame}`)
      }
    }
    // The photos shrank over a blur (the tiny picture shrank as well): every sampled frame tells.
    for (const [index, frame] of SAMPLED.entries()) {
      const distance = await compositionDistance(shrunk[index], frames['720p'][index])
      assert.isAbove(distance, 2 * SAME_COMPOSITION, `shrunk, frame ${frame}`)
    }
  }).timeout(120_000)

  test('a pan moves the same share of the frame at every size', ({ assert }) => {
    for (const axis of ['x', 'y'] as const) {
      const shares = QUALITIES.map((quality) => {
        const size = resolutionFor('9:16', quality)
        return panSpan(axis, SCENE_FRAMES, size) / (axis === 'x' ? size.width : size.height)
      })
      for (const share of shares) assert.closeTo(share, shares[0], 0.002, axis)
    }
    // 720p keeps its pace: one pixel a frame.
    assert.equal(panSpan('x', SCENE_FRAMES, resolutionFor('9:16', '720p')), SCENE_FRAMES - 1)
  })
})
