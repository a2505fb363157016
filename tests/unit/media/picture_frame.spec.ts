import { test } from '@japa/runner'
import sharp from 'sharp'
import type { Quality } from '#media/providers/contracts'
import { framePicture, pictureFocus } from '#media/render/picture_frame'
import { resolutionFor } from '#media/render/types'
import { framePictureIn } from '#media/public/picture_framing'
import { compositionDistance } from '#tests/helpers/frames'
import { framedByPixelCount, photoLike } from '#tests/helpers/photos'

const FRAMES = {
  '9:16': { width: 360, height: 640 },
  '1:1': { width: 480, height: 480 },
  '16:9': { width: 640, height: 360 },
}

/** A picture of `width` × `height`: a diagonal gradient with a disc, so it has something to crop. */
function picture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1">
      <stop offset="0" stop-color="#345"/><stop offset="1" stop-color="#89a"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 5}" fill="#e33"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg().toBuffer()
}

/**
 * A dull 1600×900 landscape, smooth grey-blue, with its one subject near
 * the right edge: a bright yellow disc ringed in red, with detail.
 */
function landscapeWithSubjectOnTheRight() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <rect width="1600" height="900" fill="#5a6470"/>
    <circle cx="1430" cy="450" r="120" fill="#d22"/>
    <circle cx="1430" cy="450" r="90" fill="#ffe000"/>
    <circle cx="1400" cy="420" r="14" fill="#111"/>
    <circle cx="1460" cy="420" r="14" fill="#111"/>
    <rect x="1385" y="490" width="90" height="14" fill="#111"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** How many pixels of an RGB image are close to the subject's yellow. */
async function yellowPixels(image: Buffer) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  let count = 0
  for (let index = 0; index < info.width * info.height; index++) {
    const [r, g, b] = [data[index * 3], data[index * 3 + 1], data[index * 3 + 2]]
    if (r > 200 && g > 180 && b < 90) count++
  }
  return count
}

/** A 160×120 picture of 4-pixel squares: sharp wherever it is shown, flat once blurred. */
function tinyChequer() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120">
    <defs><pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="8" height="8" fill="#fff"/>
      <rect width="4" height="4" fill="#c22"/><rect x="4" y="4" width="4" height="4" fill="#22c"/>
    </pattern></defs>
    <rect width="160" height="120" fill="url(#p)"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** Each pixel's grey level and how much it differs from its right and lower neighbours. */
async function edges(image: Buffer) {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true })
  const { width, height } = info
  const at = (x: number, y: number) => data[y * width + x]
  const edge = (x: number, y: number) =>
    x + 1 < width && y + 1 < height
      ? Math.abs(at(x, y) - at(x + 1, y)) + Math.abs(at(x, y) - at(x, y + 1))
      : 0
  return { width, height, edge }
}

test.group('framePicture', () => {
  for (const [ratio, frame] of Object.entries(FRAMES)) {
    for (const [shape, [width, height]] of Object.entries({
      portrait: [900, 1600],
      landscape: [1600, 900],
      square: [1000, 1000],
      tiny: [160, 120],
    })) {
      test(`a ${shape} picture fills a ${ratio} frame exactly, as a JPEG`, async ({ assert }) => {
        const framed = await framePicture(await picture(width, height), frame)

        const meta = await sharp(framed).metadata()
        assert.deepEqual(
          [meta.format, meta.width, meta.height],
          ['jpeg', frame.width, frame.height]
        )
      })
    }
  }

  test('a landscape photo in a 9:16 frame keeps its subject near the right edge', async ({
    assert,
  }) => {
    const landscape = await landscapeWithSubjectOnTheRight()
    const frame = FRAMES['9:16']

    const framed = await framePicture(landscape, frame)
    const centreCrop = await sharp(landscape)
      .resize(frame.width, frame.height, { fit: 'cover' })
      .png()
      .toBuffer()

    // The disc's yellow is ~π·90² px in the source, scaled by 640/900: about 12,800 px.
    assert.isAbove(await yellowPixels(framed), 10_000)
    assert.equal(await yellowPixels(centreCrop), 0)
  })

  test('a tiny picture is shown whole, unstretched and sharp, over a blurred copy of itself', async ({
    assert,
  }) => {
    const framed = await framePicture(await tinyChequer(), { width: 720, height: 1280 })

    const { width, height, edge } = await edges(framed)
    // The sharp region: where neighbouring pixels differ by a lot (the chequer's squares).
    let [left, top, right, bottom] = [width, height, -1, -1]
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (edge(x, y) < 60) continue
        ;[left, top] = [Math.min(left, x), Math.min(top, y)]
        ;[right, bottom] = [Math.max(right, x), Math.max(bottom, y)]
      }
    }
    const sharpRegion = { width: right - left + 1, height: bottom - top + 1 }
    // Enlarged 2× (no more): 320×240 in the middle of the frame, its 4:3 kept.
    assert.closeTo(sharpRegion.width, 320, 8)
    assert.closeTo(sharpRegion.height, 240, 8)
    assert.closeTo(sharpRegion.width / sharpRegion.height, 160 / 120, 0.05)
    assert.closeTo((left + right) / 2, width / 2, 6)
    assert.closeTo((top + bottom) / 2, height / 2, 6)
    // Above and below it, the blurred fill: neighbours barely differ.
    let band = 0
    for (let y = 0; y < 400; y++) {
      for (let x = 0; x < width; x++) band += edge(x, y) + edge(x, height - 1 - y)
    }
    assert.isBelow(band / (2 * 400 * width), 2)
  })
})

const QUALITIES: Quality[] = ['720p', '1080p', '2160p']
const PORTRAIT_9_16 = Object.fromEntries(QUALITIES.map((q) => [q, resolutionFor('9:16', q)]))

/** The picture framed in the 9:16 frame of each plan, largest last. */
async function framedAtEveryQuality(image: Buffer) {
  const framed = await Promise.all(QUALITIES.map((q) => framePicture(image, PORTRAIT_9_16[q])))
  return Object.fromEntries(QUALITIES.map((q, index) => [q, framed[index]])) as Record<
    Quality,
    Buffer
  >
}

test.group('framePicture at every resolution', () => {
  for (const [name, shape] of Object.entries({
    'a 720×1024 portrait photo': { width: 720, height: 1024, subject: 0.5 },
    'a 1600×900 landscape photo with its subject on the right': {
      width: 1600,
      height: 900,
      subject: 0.8,
    },
  })) {
    test(`${name} fills a 9:16 frame alike at 720p, 1080p and 2160p`, async ({ assert }) => {
      const photo = await photoLike(shape.width, shape.height, shape.subject)

      const framed = await framedAtEveryQuality(photo)

      for (const quality of QUALITIES) {
        const { fit } = framePictureIn(shape, PORTRAIT_9_16[quality], null)
        assert.equal(fit, 'fill', quality)
        assert.isBelow(await compositionDistance(framed[quality], framed['720p']), 3, quality)
      }
      // Framed by the frame's pixel count, the 2160p picture shrank over a blur: not the same video.
      const shrunk = await framedByPixelCount(photo, PORTRAIT_9_16['2160p'])
      assert.isAbove(await compositionDistance(shrunk, framed['720p']), 12)
    })
  }

  test('the landscape photo keeps its subject at every resolution', async ({ assert }) => {
    const framed = await framedAtEveryQuality(await landscapeWithSubjectOnTheRight())

    const shares = await Promise.all(
      QUALITIES.map(async (quality) => {
        const { width, height } = PORTRAIT_9_16[quality]
        return (await yellowPixels(framed[quality])) / (width * height)
      })
    )
    // The disc's yellow: about 5 % of the frame (11,600 px of 360×640), the same at every size.
    assert.closeTo(shares[0], 0.05, 0.008)
    for (const share of shares) assert.closeTo(share, shares[0], 0.002)
  })

  test('a picture too small for any plan is shown whole over a blurred copy, alike at every resolution', async ({
    assert,
  }) => {
    const tiny = await photoLike(160, 120)

    const framed = await framedAtEveryQuality(tiny)

    for (const quality of QUALITIES) {
      const framing = framePictureIn({ width: 160, height: 120 }, PORTRAIT_9_16[quality], null)
      // Enlarged 2× against the 720p frame: 320 of its 720 pixels across, at every size.
      assert.deepEqual(framing, { fit: 'whole', share: { width: 320 / 720, height: 240 / 1280 } })
      assert.isBelow(await compositionDistance(framed[quality], framed['720p']), 3, quality)
    }
    const shrunk = await framedByPixelCount(tiny, PORTRAIT_9_16['2160p'])
    assert.isAbove(await compositionDistance(shrunk, framed['720p']), 6)
  })
})

test.group('framePictureIn', () => {
  const sizes = Object.values(PORTRAIT_9_16)

  test('fills the frame up to 1.5× enlargement against the 720p frame, whatever the frame size', ({
    assert,
  }) => {
    for (const size of [...sizes, { width: 180, height: 320 }]) {
      assert.equal(framePictureIn({ width: 480, height: 854 }, size, null).fit, 'fill')
      assert.equal(framePictureIn({ width: 470, height: 836 }, size, null).fit, 'whole')
    }
  })

  test('decides a long thin picture by its shape: a 3:1 panorama is whole in 9:16, filled in 16:9', ({
    assert,
  }) => {
    const panorama = { width: 4200, height: 1400 }
    for (const quality of QUALITIES) {
      assert.equal(framePictureIn(panorama, resolutionFor('9:16', quality), null).fit, 'whole')
      assert.equal(framePictureIn(panorama, resolutionFor('16:9', quality), null).fit, 'fill')
      // A 16:9 photo keeps about a third of its width in a 9:16 frame, and fills it.
      const photo = { width: 1920, height: 1080 }
      assert.equal(framePictureIn(photo, resolutionFor('9:16', quality), null).fit, 'fill')
    }
  })

  test('gives the same window, in fractions of the picture, at every frame size', ({ assert }) => {
    const focus = { x: 0.9, y: 0.4 }
    const [first, ...others] = sizes.map((size) =>
      framePictureIn({ width: 1600, height: 900 }, size, focus)
    )
    for (const other of others) assert.deepEqual(other, first)
    assert.deepEqual(first, {
      fit: 'fill',
      window: { left: 1 - 0.31640625, top: 0, width: 0.31640625, height: 1 },
    })
  })

  test('pictureFocus finds the subject of a dull landscape near its right edge', async ({
    assert,
  }) => {
    const focus = await pictureFocus(await landscapeWithSubjectOnTheRight())

    assert.closeTo(focus.x, 1430 / 1600, 0.06)
    assert.closeTo(focus.y, 0.5, 0.08)
  })
})
