import { test } from '@japa/runner'
import sharp from 'sharp'
import type { ClipRequest, ImageGenerator, ImageRequest } from '#media/providers/contracts'
import { LocalClipGenerator } from '#media/providers/local/local_clip_generator'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'
import { failure } from '#tests/helpers/provider_errors'

const drawing: ImageRequest = {
  prompt: 'Cinematic still of a lighthouse at dusk',
  sceneText: 'A lighthouse at dusk, waves breaking below.',
  style: 'realistic',
  aspectRatio: '9:16',
  seed: 7,
  width: 180,
}

function clipRequest(still: ClipRequest['still']): ClipRequest {
  return {
    still,
    prompt: drawing.sceneText,
    index: 0,
    width: 180,
    height: 320,
    workDir: '/nowhere',
  }
}

test.group('LocalClipGenerator', () => {
  test("moves over the storyboard's still drawn again without its caption", async ({ assert }) => {
    const images = new LocalImageGenerator()
    const storyboard = await images.generate(drawing)
    const uncaptioned = await images.generate({ ...drawing, caption: false })
    let read = false

    const clip = await new LocalClipGenerator(images).clip(
      clipRequest({
        request: drawing,
        read: async () => {
          read = true
          return storyboard.data
        },
      })
    )

    if (clip.kind !== 'still') throw new Error(`expected a still, got ${clip.kind}`)
    assert.equal(clip.contentType, 'image/jpeg')
    assert.isTrue(clip.image.equals(uncaptioned.data))
    assert.isFalse(clip.image.equals(storyboard.data))
    assert.isFalse(read, 'the stored still is not read: it carries the caption')
  })

  test("a still drawn without its caption is the clip's source as it comes: nothing is drawn again", async ({
    assert,
  }) => {
    const plain = await new LocalImageGenerator().generate({ ...drawing, caption: false })
    const noDrawing: ImageGenerator = {
      generate: async () => {
        throw new Error('a caption-free still was drawn again')
      },
    }

    const clip = await new LocalClipGenerator(noDrawing).clip(
      clipRequest({ request: { ...drawing, caption: false }, read: async () => plain.data })
    )

    assert.deepEqual(clip, { kind: 'still', image: plain.data, contentType: 'image/jpeg' })
  })

  test("the creator's framed picture is the clip's source as it comes: nothing is drawn", async ({
    assert,
  }) => {
    const framed = await sharp({
      create: { width: 180, height: 320, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer()
    const noDrawing: ImageGenerator = {
      generate: async () => {
        throw new Error('a picture scene asked for a drawing')
      },
    }

    const clip = await new LocalClipGenerator(noDrawing).clip(
      clipRequest({ own: true, read: async () => framed })
    )

    assert.deepEqual(clip, { kind: 'still', image: framed, contentType: 'image/jpeg' })
  })

  test('cannot make a clip from text alone', async ({ assert }) => {
    const generator = new LocalClipGenerator(new LocalImageGenerator())

    assert.deepEqual(generator.textAspectRatios, [])
    const error = await failure(generator.clip(clipRequest(null)))
    assert.equal(error.kind, 'rejected_input')
  })
})
