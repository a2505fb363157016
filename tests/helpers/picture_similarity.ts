import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { ffmpegPath } from '#media/ffmpeg/binaries'
import { runFfmpeg } from '#media/ffmpeg/tools'
import { framePicture } from '#media/render/picture_frame'

/**
 * Does a video show the creator's pictures (docs/product.md, Image to Video)?
 *
 * A frame is scored against the picture framed as the render frames it
 * (`framePicture` at the frame's size), both shrunk to 16×16 cells:
 * `max(0, correlation of the cells' grey levels) × (1 − mean colour distance
 * of the cells)`, from 0 (nothing alike) to 1 (the same). The camera is
 * allowed for: the frame is compared with the centre of the framed picture
 * at each zoom the middle of a scene can show (a pan's middle frame is
 * its still enlarged 1.25×), and the best match counts. Captions and the
 * watermark cover too little of the frame to move the score much.
 */

/** A frame at or above this score shows the picture; a drawn still of the same scene scores well below. */
export const PICTURE_SIMILARITY_THRESHOLD = 0.6

/** A scene of a video and the picture it should show (the bytes as uploaded). */
export type ScenePicture = { startSeconds: number; endSeconds: number; picture: Buffer }

const CELLS = 16
const ZOOMS = [1, 1.125, 1.25]
const MAX_DISTANCE = Math.sqrt(3) * 255

/**
 * Each scene's score, in order: the frame from the middle of its time
 * against its picture. Compare them with PICTURE_SIMILARITY_THRESHOLD.
 */
export async function sceneSimilarities(videoPath: string, scenes: ScenePicture[]) {
  const dir = await mkdtemp(join(tmpdir(), 'picture-similarity-'))
  try {
    const scores: number[] = []
    for (const [index, scene] of scenes.entries()) {
      const frame = await frameAt(
        videoPath,
        (scene.startSeconds + scene.endSeconds) / 2,
        dir,
        index
      )
      scores.push(await pictureSimilarity(frame, scene.picture))
    }
    return scores
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** How much `frame` (any image) looks like `picture` framed to the frame's size: 0 … 1. */
export async function pictureSimilarity(frame: Buffer, picture: Buffer) {
  const { width = 0, height = 0 } = await sharp(frame).metadata()
  const framed = await framePicture(picture, { width, height })
  const seen = await cells(frame)
  let best = 0
  for (const zoom of ZOOMS) {
    const crop = {
      width: Math.round(width / zoom),
      height: Math.round(height / zoom),
    }
    const centre = sharp(framed).extract({
      left: Math.floor((width - crop.width) / 2),
      top: Math.floor((height - crop.height) / 2),
      ...crop,
    })
    best = Math.max(best, score(seen, await cells(await centre.toBuffer())))
  }
  return best
}

/** The frame shown `seconds` into the video, as a PNG. */
async function frameAt(videoPath: string, seconds: number, dir: string, index: number) {
  const path = join(dir, `frame-${index}.png`)
  await runFfmpeg({ ffmpeg: ffmpegPath() }, [
    ...['-ss', seconds.toFixed(3), '-i', videoPath],
    ...['-frames:v', '1', path],
  ])
  return readFile(path)
}

/** The image as CELLS × CELLS averaged RGB cells. */
async function cells(image: Buffer) {
  return sharp(image)
    .removeAlpha()
    .resize(CELLS, CELLS, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer()
}

function score(a: Buffer, b: Buffer) {
  const count = CELLS * CELLS
  let distance = 0
  const greyA: number[] = []
  const greyB: number[] = []
  for (let cell = 0; cell < count; cell++) {
    const [ra, ga, ba] = [a[cell * 3], a[cell * 3 + 1], a[cell * 3 + 2]]
    const [rb, gb, bb] = [b[cell * 3], b[cell * 3 + 1], b[cell * 3 + 2]]
    distance += Math.hypot(ra - rb, ga - gb, ba - bb) / MAX_DISTANCE
    greyA.push(0.299 * ra + 0.587 * ga + 0.114 * ba)
    greyB.push(0.299 * rb + 0.587 * gb + 0.114 * bb)
  }
  return Math.max(0, correlation(greyA, greyB)) * (1 - distance / count)
}

/** Pearson's correlation; 0 when either side is flat. */
function correlation(a: number[], b: number[]) {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const [meanA, meanB] = [mean(a), mean(b)]
  let covariance = 0
  let varianceA = 0
  let varianceB = 0
  for (const [index, value] of a.entries()) {
    covariance += (value - meanA) * (b[index] - meanB)
    varianceA += (value - meanA) ** 2
    varianceB += (b[index] - meanB) ** 2
  }
  return varianceA && varianceB ? covariance / Math.sqrt(varianceA * varianceB) : 0
}
