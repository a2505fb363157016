import { test } from '@japa/runner'
import sharp from 'sharp'
import { framePicture } from '#media/render/picture_frame'

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
