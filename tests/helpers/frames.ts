import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { mediaTools, runFfmpeg } from '#media/ffmpeg/tools'

/** A rectangle of a 180×320 (9:16) frame. */
export type Region = { left: number; top: number; width: number; height: number }

/** Where the watermark is drawn in a 180×320 frame, and the corner across from it. */
export const TOP_RIGHT: Region = { left: 110, top: 0, width: 70, height: 30 }
export const TOP_LEFT: Region = { left: 0, top: 0, width: 70, height: 30 }

const FRAME = { width: 180, height: 320 }

/** Mean absolute difference of the RGB values of two images inside a region (0–255). */
export async function difference(first: string | Buffer, second: string | Buffer, region: Region) {
  const pixels = (image: string | Buffer) =>
    sharp(image)
      .resize(FRAME.width, FRAME.height, { fit: 'fill' })
      .extract(region)
      .removeAlpha()
      .raw()
      .toBuffer()
  const [a, b] = await Promise.all([pixels(first), pixels(second)])
  let total = 0
  for (let index = 0; index < a.length; index++) total += Math.abs(a[index] - b[index])
  return total / a.length
}

/**
 * How the watermark's corner of a 9:16 video's first frame differs from the
 * still the scene was drawn from (the first frame of a still's camera move
 * shows it whole), and how much the opposite corner does: a watermark is a
 * difference in its corner (above 3) at least four times the other's.
 */
export async function watermarkContrast(videoPath: string, still: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'reelforge-frames-'))
  try {
    const framePath = join(dir, 'frame.png')
    await runFfmpeg(await mediaTools(), ['-i', videoPath, '-frames:v', '1', framePath])
    const frame = await readFile(framePath)
    const corner = await difference(frame, still, TOP_RIGHT)
    const elsewhere = await difference(frame, still, TOP_LEFT)
    return { corner, elsewhere, watermark: corner > 3 && corner > elsewhere * 4 }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The common size frames of any resolution are shrunk to before their compositions are compared. */
const COMPOSITION = { width: 90, height: 160 }

/**
 * How far apart two images' compositions are: both shrunk (area average) to
 * 90×160, the mean absolute difference of their RGB values (0–255). The same
 * framing at two resolutions differs by a couple of levels; the same
 * picture shown smaller over a blurred copy differs by ten and more.
 */
export async function compositionDistance(first: Buffer, second: Buffer) {
  const shrunk = (image: Buffer) =>
    sharp(image)
      .resize(COMPOSITION.width, COMPOSITION.height, { fit: 'fill', kernel: 'linear' })
      .removeAlpha()
      .raw()
      .toBuffer()
  const [a, b] = await Promise.all([shrunk(first), shrunk(second)])
  let total = 0
  for (let index = 0; index < a.length; index++) total += Math.abs(a[index] - b[index])
  return total / a.length
}

/** The video's frames at these frame numbers (from 0), as PNGs, in one decode. */
export async function framesOf(videoPath: string, frameNumbers: number[]) {
  const dir = await mkdtemp(join(tmpdir(), 'reelforge-frames-'))
  try {
    const select = frameNumbers.map((number) => `eq(n\\,${number})`).join('+')
    await runFfmpeg(await mediaTools(), [
      ...['-i', videoPath, '-vf', `select=${select}`],
      ...['-vsync', '0', join(dir, 'frame-%03d.png')],
    ])
    return Promise.all(
      frameNumbers.map((_, index) =>
        readFile(join(dir, `frame-${String(index + 1).padStart(3, '0')}.png`))
      )
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * How many pixels of a frame, below its top eighth (the watermark's), are
 * as bright as caption text: white, or a light highlight like the default
 * #FFE14D (red and green above 200). A frame's offline still, dim and
 * coloured, has next to none.
 */
export async function captionBrightPixels(frame: Buffer) {
  const { data, info } = await sharp(frame)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  let count = 0
  for (let index = Math.ceil(info.height / 8) * info.width * 3; index < data.length; index += 3) {
    if (data[index] > 200 && data[index + 1] > 200) count++
  }
  return count
}

export type Colour = { r: number; g: number; b: number }

/** The mean colour of a `side`×`side` square centred on (x, y) of a frame. */
export async function colourAt(frame: Buffer, x: number, y: number, side = 4) {
  const left = x - side / 2
  const top = y - side / 2
  const { data } = await sharp(frame)
    .extract({ left, top, width: side, height: side })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const sum = [0, 0, 0]
  for (let index = 0; index < data.length; index += 3) {
    for (let channel = 0; channel < 3; channel++) sum[channel] += data[index + channel]
  }
  const pixels = data.length / 3
  return { r: sum[0] / pixels, g: sum[1] / pixels, b: sum[2] / pixels }
}

export function near(actual: Colour, expected: Colour, within = 24) {
  return (
    Math.abs(actual.r - expected.r) <= within &&
    Math.abs(actual.g - expected.g) <= within &&
    Math.abs(actual.b - expected.b) <= within
  )
}

/**
 * Where the karaoke highlight (the default #FFE14D) is in each frame of a
 * video, at its frame rate: the mean x of its yellow pixels, or null when
 * a frame has none.
 */
export async function highlightCentres(
  videoPath: string,
  size: { width: number; height: number },
  frameRate: number
) {
  const dir = await mkdtemp(join(tmpdir(), 'reelforge-frames-'))
  try {
    const rawPath = join(dir, 'frames.rgb')
    await runFfmpeg(await mediaTools(), [
      ...['-i', videoPath, '-vf', `fps=${frameRate}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
      rawPath,
    ])
    const raw = await readFile(rawPath)
    const frameBytes = size.width * size.height * 3
    const centres: (number | null)[] = []
    for (let offset = 0; offset + frameBytes <= raw.length; offset += frameBytes) {
      let sum = 0
      let count = 0
      for (let index = offset; index < offset + frameBytes; index += 3) {
        if (raw[index] > 190 && raw[index + 1] > 170 && raw[index + 2] < 140) {
          sum += ((index - offset) / 3) % size.width
          count++
        }
      }
      centres.push(count > 10 ? sum / count : null)
    }
    return centres
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * The frames each highlighted word shows in, told apart by the highlight's
 * steps: it moves one way (`direction` 1: left to right, -1: right to
 * left), a word at a time. Each entry: the word's frames and its centre.
 */
export function highlightSteps(centres: (number | null)[], direction: 1 | -1) {
  const steps: { frames: number[]; centre: number }[] = []
  let last: number | null = null
  centres.forEach((centre, frame) => {
    if (centre === null) return
    if (last === null || (centre - last) * direction > 4) steps.push({ frames: [], centre })
    last = centre
    steps[steps.length - 1].frames.push(frame)
  })
  return steps
}
