import { test } from '@japa/runner'
import sharp from 'sharp'
import { STYLE_IDS } from '#core/vocabulary'
import { ProviderError, type ImageRequest } from '#media/providers/contracts'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'

const request: ImageRequest = {
  prompt: 'Cinematic still of a lighthouse at dusk',
  sceneText: 'A lighthouse at dusk, waves breaking below.',
  style: 'cinematic',
  aspectRatio: '9:16',
  seed: 7,
  width: 180,
}

async function meanColor(image: Promise<{ data: Buffer }>) {
  const { data } = await image
  const { channels } = await sharp(data).stats()
  return channels.slice(0, 3).map((channel) => channel.mean)
}

async function decoded(image: Promise<{ data: Buffer }>) {
  const { data } = await image
  return sharp(data).metadata()
}

test.group('LocalImageGenerator', () => {
  test('renders a {aspectRatio} JPEG {width} px wide')
    .with([
      { aspectRatio: '9:16', width: 180, height: 320 },
      { aspectRatio: '1:1', width: 180, height: 180 },
      { aspectRatio: '16:9', width: 180, height: 102 },
      { aspectRatio: '9:16', width: 320, height: 568 },
      { aspectRatio: '1:1', width: 320, height: 320 },
      { aspectRatio: '16:9', width: 320, height: 180 },
    ] as const)
    .run(async ({ assert }, { aspectRatio, width, height }) => {
      const image = await new LocalImageGenerator().generate({ ...request, aspectRatio, width })

      const metadata = await sharp(image.data).metadata()
      assert.equal(image.contentType, 'image/jpeg')
      assert.deepEqual([image.width, image.height], [width, height])
      assert.deepEqual([metadata.format, metadata.width, metadata.height], ['jpeg', width, height])
    })

  test('is the same for the same seed and differs for another seed', async ({ assert }) => {
    const generator = new LocalImageGenerator()

    const first = await generator.generate(request)
    const again = await generator.generate(request)
    const other = await generator.generate({ ...request, seed: 8 })

    assert.isTrue(first.data.equals(again.data))
    assert.isFalse(first.data.equals(other.data))
  })

  test('gives each of the ten styles its own palette', async ({ assert }) => {
    const generator = new LocalImageGenerator()

    const colors = await Promise.all(
      STYLE_IDS.map((style) => meanColor(generator.generate({ ...request, style })))
    )

    colors.forEach((color, index) => {
      for (const other of colors.slice(index + 1)) {
        const distance = Math.hypot(...color.map((value, channel) => value - other[channel]))
        assert.isAbove(distance, 8, `${STYLE_IDS[index]} is too close to another style`)
      }
    })
  })

  test('renders a long caption full of markup characters', async ({ assert }) => {
    const sceneText = `Tom & Jerry <script>alert("x")</script> 'quoted' ${'and a very long caption '.repeat(20)}`

    for (const style of STYLE_IDS) {
      const metadata = await decoded(
        new LocalImageGenerator().generate({ ...request, style, sceneText })
      )
      assert.equal(metadata.format, 'jpeg')
    }
  })

  test('renders without a caption when the scene has no words', async ({ assert }) => {
    const metadata = await decoded(
      new LocalImageGenerator().generate({ ...request, sceneText: '  ' })
    )

    assert.equal(metadata.width, 180)
  })

  test('rejects an impossible width', async ({ assert }) => {
    await assert.rejects(
      () => new LocalImageGenerator().generate({ ...request, width: 0 }),
      ProviderError
    )
  })
})
