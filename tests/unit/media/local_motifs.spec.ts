import { test } from '@japa/runner'
import sharp from 'sharp'
import { STYLE_IDS, type StyleId } from '#core/vocabulary'
import { LocalImageGenerator } from '#media/providers/local/local_image_generator'
import { paintMotifs } from '#media/providers/local/motifs/compose'
import {
  motifsOf,
  SETTINGS,
  SKIES,
  THINGS,
  vocabulary,
} from '#media/providers/local/motifs/vocabulary'
import { Random } from '#media/providers/local/random'

const HARBOUR = 'Fishing boats rock in the harbour'
const FOREST = 'A path winds through a quiet forest'

/** A still's pixels, small: 96 × 54 RGB. */
async function pixels(style: StyleId, words: string, seed = 3) {
  const still = await new LocalImageGenerator().generate({
    prompt: words,
    sceneText: words,
    style,
    aspectRatio: '16:9',
    seed,
    width: 320,
  })
  return sharp(still.data).resize(96, 54, { fit: 'fill' }).removeAlpha().raw().toBuffer()
}

/** A colour histogram, 4 × 4 × 4 bins, as shares of the pixels. */
function histogram(image: Buffer) {
  const bins = new Array<number>(64).fill(0)
  const total = image.length / 3
  for (let index = 0; index < image.length; index += 3) {
    const [r, g, b] = [image[index] >> 6, image[index + 1] >> 6, image[index + 2] >> 6]
    bins[r * 16 + g * 4 + b] += 1 / total
  }
  return bins
}

/** How far apart two stills' colours are: the L1 distance of their histograms, 0–2. */
function distance(a: Buffer, b: Buffer) {
  const [first, second] = [histogram(a), histogram(b)]
  return first.reduce((sum, part, bin) => sum + Math.abs(part - second[bin]), 0)
}

/** The share of pixels whose blue (or green) channel leads the other two. */
function share(image: Buffer, channel: 1 | 2) {
  let count = 0
  for (let index = 0; index < image.length; index += 3) {
    const value = image[index + channel]
    const others = [0, 1, 2].filter((c) => c !== channel).map((c) => image[index + c])
    if (others.every((other) => value > other)) count++
  }
  return count / (image.length / 3)
}

const canvas = () => ({ width: 320, height: 180, unit: 1.8, random: new Random(1), captionBand: 0 })

test.group('Offline stills follow the words', () => {
  test('the vocabulary names at least 40 everyday subjects, each found singular and plural', ({
    assert,
  }) => {
    const subjects = [...SETTINGS, ...SKIES, ...THINGS]
    assert.isAtLeast(subjects.length, 40)
    for (const word of vocabulary()) {
      assert.isNotEmpty(motifsOf(`the ${word} here`), word)
    }
    assert.deepEqual(motifsOf('Two boats, three dogs and the churches'), ['boat', 'dog', 'church'])
    assert.deepEqual(motifsOf('Lisbon trams at night'), ['tram', 'night'])
    assert.deepEqual(motifsOf('An abstract feeling of calm'), [])
  })

  test('every thing and place of the vocabulary is drawn when named', ({ assert }) => {
    const plain = paintMotifs(canvas(), 'realistic', 'a field')
    for (const thing of THINGS) {
      assert.notEqual(paintMotifs(canvas(), 'realistic', `a ${thing} in a field`), plain, thing)
    }
    const places = new Set(SETTINGS.map((setting) => paintMotifs(canvas(), 'realistic', setting)))
    assert.equal(places.size, SETTINGS.length)
  })

  test('a harbour with boats and a forest differ in pixels, more than two seeds differ ({$self})')
    .with([...STYLE_IDS])
    .run(async ({ assert }, style) => {
      const harbour = await pixels(style, HARBOUR)
      const forest = await pixels(style, FOREST)
      const reseeded = await pixels(style, HARBOUR, 4)

      const apart = distance(harbour, forest)
      assert.isAbove(apart, 0.3, `${style}: harbour vs forest ${apart.toFixed(2)}`)
      assert.isAbove(apart, 3 * distance(harbour, reseeded), `${style}: the seed matters more`)
      if (style !== 'noir') {
        assert.isAbove(share(harbour, 2), share(forest, 2), `${style}: the harbour is bluer`)
        assert.isAbove(share(forest, 1), share(harbour, 1), `${style}: the forest is greener`)
      }
    })

  test('words naming nothing of the vocabulary keep the style’s own picture', async ({
    assert,
  }) => {
    assert.isUndefined(paintMotifs(canvas(), 'noir', 'An abstract feeling of calm'))
  })
})
