import sharp from 'sharp'
import type { RenderSize } from '#media/providers/contracts'

/**
 * Up to this enlargement a picture is cropped to fill the frame: 1.5× still
 * looks like the photo it is (a 480×854 picture in a 720×1280 frame).
 * A picture that would need more is too small (or too long and thin) to
 * crop: it is shown whole instead.
 */
export const COVER_MAX_ENLARGEMENT = 1.5

/** A picture shown whole is enlarged at most this much, so it stays sharp. */
export const WHOLE_MAX_ENLARGEMENT = 2

// The fill is blurred at 64 px on its longer side, then enlarged: about 4% of the frame's
// longer side in all (50 px at 1280), for the cost of a thumbnail.
const FILL_SIDE = 64
const FILL_SIGMA = 2.5
const JPEG = { quality: 90 } as const

/**
 * A creator's (upright) picture framed to exactly `size`, as a JPEG, never
 * stretched (docs/product.md, Image to Video). When covering the frame
 * needs at most COVER_MAX_ENLARGEMENT, it is resized to cover it and
 * cropped around its most interesting region (libvips' attention
 * strategy), so a landscape photo in a 9:16 frame keeps its subject rather
 * than its middle. Otherwise the whole picture, enlarged at most
 * WHOLE_MAX_ENLARGEMENT, is centred over a blurred copy of itself that
 * covers the frame.
 */
export async function framePicture(image: Buffer, size: RenderSize): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata()
  const cover = Math.max(size.width / width, size.height / height)
  if (cover <= COVER_MAX_ENLARGEMENT) {
    return sharp(image)
      .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
      .jpeg(JPEG)
      .toBuffer()
  }
  const scale = Math.min(size.width / width, size.height / height, WHOLE_MAX_ENLARGEMENT)
  const [fill, whole] = await Promise.all([
    blurredFill(image, size),
    sharp(image)
      .resize(Math.round(width * scale), Math.round(height * scale), { fit: 'inside' })
      .toBuffer({ resolveWithObject: true }),
  ])
  return sharp(fill)
    .composite([
      {
        input: whole.data,
        left: Math.floor((size.width - whole.info.width) / 2),
        top: Math.floor((size.height - whole.info.height) / 2),
      },
    ])
    .jpeg(JPEG)
    .toBuffer()
}

/** The picture covering the frame, blurred: what the frame shows around a small picture. */
async function blurredFill(image: Buffer, size: RenderSize) {
  const shrink = FILL_SIDE / Math.max(size.width, size.height)
  const small = {
    width: Math.max(1, Math.round(size.width * shrink)),
    height: Math.max(1, Math.round(size.height * shrink)),
  }
  const blurred = await sharp(image)
    .resize(small.width, small.height, { fit: 'cover' })
    .flatten()
    .blur(FILL_SIGMA)
    .png()
    .toBuffer()
  return sharp(blurred)
    .resize(size.width, size.height, { fit: 'fill', kernel: 'cubic' })
    .png()
    .toBuffer()
}
