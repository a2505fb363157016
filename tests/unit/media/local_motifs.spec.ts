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

const WIDE = 640
const TALL = 360

/**
 * The styles whose palettes span the light and weather tests: the default, a bright outlined
 * one, hard pixels, a dark neon one and black and white (the paint-textured ones draw the same
 * sky and weather, only slower).
 */
const WEATHER_STYLES: StyleId[] = ['cinematic', 'realistic', 'anime', 'pixel', 'cyberpunk', 'noir']

const looks = new Map<string, Promise<ReturnType<typeof look>>>()

/** How a still of `words` looks, drawn once per style and words. */
function stillLook(style: StyleId, words: string) {
  const key = `${style}:${words}`
  if (!looks.has(key)) looks.set(key, fullStill(style, words).then(look))
  return looks.get(key)!
}

/** A still without its caption, full size: 640 × 360 RGB, so that thin rain survives. */
async function fullStill(style: StyleId, words: string) {
  const still = await new LocalImageGenerator().generate({
    prompt: words,
    sceneText: words,
    style,
    aspectRatio: '16:9',
    seed: 3,
    width: WIDE,
    caption: false,
  })
  return sharp(still.data).removeAlpha().raw().toBuffer()
}

/** What a viewer sees of a still, band by band (fractions of its height, from the top). */
function look(image: Buffer) {
  const luma = (at: number) => 0.299 * image[at] + 0.587 * image[at + 1] + 0.114 * image[at + 2]
  const mean = (from: number, to: number, measure: (at: number) => number) => {
    let sum = 0
    let count = 0
    for (let y = Math.floor(from * TALL); y < Math.floor(to * TALL); y++) {
      for (let x = 10; x < WIDE - 10; x++) {
        sum += measure((y * WIDE + x) * 3)
        count++
      }
    }
    return sum / count
  }
  const brightness = mean(0, 1, luma)
  return {
    /** Mean brightness of the sky, of the lower part (water, ground) and of the whole, 0–255. */
    sky: mean(0, 0.3, luma),
    ground: mean(0.7, 1, luma),
    brightness,
    /** How much redder than blue the sky is. */
    warmth: mean(0.05, 0.45, (at) => image[at] - image[at + 2]),
    contrast: Math.sqrt(mean(0, 1, (at) => luma(at) ** 2) - brightness ** 2),
    /** Share of sky pixels on a thin bright line or dot: rain streaks, falling snow. */
    streaks: mean(0, 0.3, (at) => (luma(at) - Math.max(luma(at - 30), luma(at + 30)) > 8 ? 1 : 0)),
    /** Share of the upper sky near white: a lightning bolt. */
    flash: mean(0.08, 0.3, (at) => (luma(at) > 190 ? 1 : 0)),
  }
}

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

  test('a harbour at dusk in a storm is darker than at noon, with rain and lightning ({$self})')
    .with(WEATHER_STYLES)
    .run(async ({ assert }, style) => {
      const storm = await stillLook(style, 'a harbour at dusk in a storm')
      const noon = await stillLook(style, 'a harbour at noon')
      const dusk = await stillLook(style, 'a harbour at dusk')

      // Cyberpunk's sky is night-dark at every hour: there only rain and lightning tell.
      if (style !== 'cyberpunk') {
        assert.isBelow(storm.sky, noon.sky * 0.75, `${style}: the stormy sky is darker`)
        assert.isBelow(storm.brightness, noon.brightness * 0.8, `${style}: the scene is darker`)
      }
      assert.isAbove(storm.streaks, 0.02, `${style}: rain streaks`)
      assert.isAbove(storm.streaks, 10 * noon.streaks, `${style}: no rain at noon`)
      assert.isAbove(storm.flash, dusk.flash + 0.001, `${style}: a lightning bolt`)
    })

  test('dusk warms the sky and night darkens the whole scene ({$self})')
    .with(WEATHER_STYLES)
    .run(async ({ assert }, style) => {
      const noon = await stillLook(style, 'a harbour at noon')
      const dusk = await stillLook(style, 'a harbour at dusk')
      const night = await stillLook(style, 'a harbour at night')

      if (style !== 'noir') {
        assert.isAbove(dusk.warmth, noon.warmth + 5, `${style}: dusk is warmer`)
      }
      assert.isBelow(night.brightness, noon.brightness * 0.7, `${style}: night is darker`)
      assert.isBelow(night.ground, noon.ground * 0.8, `${style}: the water darkens too`)
    })

  test('rain streaks, falling snow and fog haze are drawn over the scene ({$self})')
    .with(WEATHER_STYLES)
    .run(async ({ assert }, style) => {
      const plain = await stillLook(style, 'a harbour at noon')
      const rain = await stillLook(style, 'a harbour at noon in the rain')
      const village = await stillLook(style, 'a village')
      const snow = await stillLook(style, 'a village under falling snow')
      const forest = await stillLook(style, 'a forest')
      const fog = await stillLook(style, 'a forest in the fog')

      assert.isAbove(rain.streaks, Math.max(0.01, 10 * plain.streaks), `${style}: rain`)
      assert.isAbove(snow.streaks, Math.max(0.005, 5 * village.streaks), `${style}: snowflakes`)
      assert.isBelow(fog.contrast, forest.contrast * 0.8, `${style}: fog softens the scene`)
      assert.isAbove(fog.brightness, forest.brightness, `${style}: fog is a light haze`)
    })

  test('time of day and weather words are read, a word naming two ("snow")', ({ assert }) => {
    assert.deepEqual(motifsOf('A harbour at dusk in a storm'), ['harbour', 'dusk', 'storm'])
    assert.deepEqual(motifsOf('Fog at dawn, then rain at noon'), ['fog', 'dawn', 'rain', 'sun'])
    assert.deepEqual(motifsOf('A village in the snow at night'), [
      'house',
      'snow',
      'snowfall',
      'night',
    ])
  })
})
