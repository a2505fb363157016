import sharp from 'sharp'
import type { RenderSize } from '#media/providers/contracts'
import { framePictureIn, type Focus, type PictureWindow } from '#media/public/picture_framing'

// The fill is blurred at 64 px on its longer side, then enlarged: about 4% of the frame's
// longer side in all (50 px at 1280), for the cost of a thumbnail.
const FILL_SIDE = 64
const FILL_SIGMA = 2.5
const JPEG = { quality: 90 } as const
// The attention map is a 32×32 grid whatever the size: a picture this big is plenty to find it.
const FOCUS_SIDE = 256
const CENTRE: Focus = { x: 0.5, y: 0.5 }

/**
 * A creator's (upright) picture framed to exactly `size`, as a JPEG, never
 * stretched, as `framePictureIn` decides from shapes alone (docs/product.md,
 * Image to Video): the window around `focus` (found in the picture when not
 * given) is cut from the picture and resized to the frame with lanczos3, so
 * every resolution shows the same window; a picture too small for any plan,
 * or too long and thin, is centred whole over a blurred copy of itself, at
 * the same share of the frame at every resolution.
 */
export async function framePicture(
  image: Buffer,
  size: RenderSize,
  focus?: Focus | null
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata()
  const picture = { width, height }
  const framing = framePictureIn(picture, size, focus ?? (await pictureFocus(image)))
  if (framing.fit === 'fill') {
    return sharp(image)
      .extract(inPixels(framing.window, picture))
      .resize(size.width, size.height, { fit: 'cover', kernel: 'lanczos3' })
      .jpeg(JPEG)
      .toBuffer()
  }
  const [fill, whole] = await Promise.all([
    blurredFill(image, size),
    sharp(image)
      .resize(
        Math.max(1, Math.round(framing.share.width * size.width)),
        Math.max(1, Math.round(framing.share.height * size.height)),
        { fit: 'inside', kernel: 'lanczos3' }
      )
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

/**
 * The picture's most interesting point (libvips' attention: edges, skin
 * tones, saturated colour), in fractions of its size; the centre when the
 * picture is too small to tell. Found once, on a small copy, so the same
 * point frames the picture at every size and on the storyboard.
 */
export async function pictureFocus(image: Buffer): Promise<Focus> {
  const { width = 0, height = 0 } = await sharp(image).metadata()
  const shrink = Math.min(1, FOCUS_SIDE / Math.max(width, height))
  const small = { width: width * shrink, height: Math.max(1, Math.round(height * shrink)) }
  // Cropping half the width asks libvips for the attention map's peak, in both axes.
  const cropWidth = Math.round(small.width / 2)
  if (cropWidth < 1 || cropWidth >= Math.round(small.width)) return CENTRE
  const { info } = await sharp(image)
    .resize(cropWidth, small.height, { fit: 'cover', position: sharp.strategy.attention })
    .toBuffer({ resolveWithObject: true })
  if (info.attentionX === undefined || info.attentionY === undefined) return CENTRE
  const resizedWidth = (width * small.height) / height
  return {
    x: clamp(info.attentionX / resizedWidth),
    y: clamp(info.attentionY / small.height),
  }
}

/** A window in whole pixels of the picture, at least one pixel, inside it. */
function inPixels(window: PictureWindow, picture: { width: number; height: number }) {
  const width = Math.max(1, Math.min(picture.width, Math.round(window.width * picture.width)))
  const height = Math.max(1, Math.min(picture.height, Math.round(window.height * picture.height)))
  return {
    left: Math.min(picture.width - width, Math.round(window.left * picture.width)),
    top: Math.min(picture.height - height, Math.round(window.top * picture.height)),
    width,
    height,
  }
}

function clamp(fraction: number) {
  return Math.min(1, Math.max(0, fraction))
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
