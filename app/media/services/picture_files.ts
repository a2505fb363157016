import { randomBytes } from 'node:crypto'
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { ConcurrencyLimit } from '#core/concurrency_limit'
import type { PictureContentType } from '#media/models/picture'
import { pictureFocus } from '#media/render/picture_frame'
import type { Focus } from '#media/public/picture_framing'

/**
 * The checks every creator's picture goes through, whether it was uploaded
 * or fetched from a URL (docs/product.md, Image to Video), and the copy that
 * is kept: re-encoded from its pixels, so nothing of the file as sent
 * (metadata, trailing data, a second format hidden in it) survives.
 */

export const MAX_PICTURE_BYTES = 20 * 1024 * 1024
export const MAX_PICTURE_PIXELS = 50_000_000
/** The stored picture's longer side, at most. */
export const PICTURE_MAX_SIDE = 4096
/** The thumbnail's longer side, at most. */
export const THUMBNAIL_MAX_SIDE = 480
/** Decoding and re-encoding one picture gives up after this long. */
const PROCESSING_TIMEOUT_SECONDS = 30

/**
 * Whether the installed image library decodes HEIC (HEVC in HEIF). The
 * prebuilt sharp does not (libheif without an HEVC decoder): its HEIF loader
 * then lists `.avif` only.
 */
export const READS_HEIC = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false

/** The kinds of picture taken, as the messages name them. */
export const ACCEPTED = READS_HEIC ? 'JPEG, PNG, WebP or AVIF/HEIC' : 'JPEG, PNG, WebP or AVIF'

export const PICTURE_MESSAGES = {
  notPicture: `That file isn't a picture we can use. Upload a ${ACCEPTED} image.`,
  animated: `Animated pictures can't be used. Upload a still ${ACCEPTED} image.`,
  heicUnreadable:
    "HEIC pictures can't be read here yet. Upload a JPEG, PNG, WebP or AVIF image " +
    '(on an iPhone: Settings › Camera › Formats › Most Compatible).',
  tooManyPixels: 'That picture is too large: at most 50 megapixels.',
  tooLarge: 'That picture is larger than 20 MB.',
} as const

/** What the first bytes say a file is; a picture's content decides, never its name. */
export type PictureKind = 'jpeg' | 'png' | 'webp' | 'heif'

/** ISO-BMFF brands of single HEIF/AVIF images; the sequence brands are animations. */
const HEIF_STILL_BRANDS = new Set(['avif', 'heic', 'heix', 'heim', 'heis', 'mif1', 'mif2'])
const HEIF_SEQUENCE_BRANDS = new Set(['avis', 'hevc', 'hevx', 'hevm', 'hevs', 'msf1'])

export type Sniffed = { kind: PictureKind } | { kind: null; animated: boolean }

/** The container the bytes start with (magic numbers), among the four accepted. */
export function sniffPicture(bytes: Uint8Array): Sniffed {
  const text = (start: number, end: number) =>
    Buffer.from(bytes.subarray(start, end)).toString('latin1')
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'jpeg' }
  if (text(0, 8) === '\x89PNG\r\n\x1a\n') return { kind: 'png' }
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return { kind: 'webp' }
  if (text(4, 8) === 'ftyp') {
    const brand = text(8, 12)
    if (HEIF_STILL_BRANDS.has(brand)) return { kind: 'heif' }
    if (HEIF_SEQUENCE_BRANDS.has(brand)) return { kind: null, animated: true }
  }
  return { kind: null, animated: false }
}

/**
 * Whether a PNG is an APNG: an `acTL` chunk before the first `IDAT`. The
 * image library reads only an APNG's first frame and does not say it moves.
 */
export function isAnimatedPng(bytes: Uint8Array) {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 8
  while (offset + 8 <= view.length) {
    const length = view.readUInt32BE(offset)
    const type = view.toString('latin1', offset + 4, offset + 8)
    if (type === 'acTL') return true
    if (type === 'IDAT' || type === 'IEND') return false
    offset += 12 + length
  }
  return false
}

export type PictureRefusal = keyof typeof PICTURE_MESSAGES

export type ProcessedPicture = {
  width: number
  height: number
  contentType: PictureContentType
  extension: 'jpg' | 'png'
  data: Buffer
  thumbnail: Buffer
  /** Where the render and the storyboard crop around (pictureFocus). */
  focus: Focus
}

export type PictureResult =
  { status: 'accepted'; picture: ProcessedPicture } | { status: 'refused'; reason: PictureRefusal }

/** Decoding is memory- and CPU-hungry: a few at a time per process, the rest wait. */
const decoding = new ConcurrencyLimit(2)

const FORMAT_OF: Record<PictureKind, Metadata['format']> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  heif: 'heif',
}

/**
 * Judges a file from its header alone (no pixel is decoded here): the
 * container must be one of the four kinds and the image library must read
 * it as that very kind, still, within 50 megapixels.
 */
async function inspect(bytes: Buffer): Promise<PictureResult | { status: 'inspected' }> {
  if (bytes.length > MAX_PICTURE_BYTES) return { status: 'refused', reason: 'tooLarge' }
  const sniffed = sniffPicture(bytes)
  if (!sniffed.kind) {
    return { status: 'refused', reason: sniffed.animated ? 'animated' : 'notPicture' }
  }
  let metadata: Metadata
  try {
    // The header's dimensions are compared below, so no pixel limit here.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    return { status: 'refused', reason: 'notPicture' }
  }
  if (metadata.format !== FORMAT_OF[sniffed.kind])
    return { status: 'refused', reason: 'notPicture' }
  const { width, height } = metadata
  if (!(width >= 1 && height >= 1)) return { status: 'refused', reason: 'notPicture' }
  if (width * height > MAX_PICTURE_PIXELS) return { status: 'refused', reason: 'tooManyPixels' }
  const animated =
    (sniffed.kind !== 'heif' && (metadata.pages ?? 1) > 1) ||
    (sniffed.kind === 'png' && isAnimatedPng(bytes))
  if (animated) return { status: 'refused', reason: 'animated' }
  if (sniffed.kind === 'heif' && metadata.compression === 'hevc' && !READS_HEIC) {
    return { status: 'refused', reason: 'heicUnreadable' }
  }
  return { status: 'inspected' }
}

/** Whether every pixel of interleaved 8-bit RGBA (what the decode below gives) is fully opaque. */
function opaque(rgba: Buffer) {
  for (let index = 3; index < rgba.length; index += 4) {
    if (rgba[index] !== 255) return false
  }
  return true
}

/**
 * Checks a picture and makes the copy that is kept: turned upright (EXIF
 * orientation), converted to sRGB, at most PICTURE_MAX_SIDE on its longer
 * side, re-encoded from its pixels without any metadata (EXIF and its GPS,
 * XMP, IPTC, ICC profile, comments), plus a thumbnail and the picture's
 * focus (where it is cropped, pictureFocus). A picture with
 * transparency is kept as PNG, any other as JPEG.
 */
export async function processPicture(bytes: Buffer): Promise<PictureResult> {
  const inspected = await inspect(bytes)
  if (inspected.status !== 'inspected') return inspected
  return decoding.run(async () => {
    let pixels: { data: Buffer; info: OutputInfo }
    try {
      pixels = await sharp(bytes, {
        limitInputPixels: MAX_PICTURE_PIXELS,
        failOn: 'error',
      })
        .rotate()
        .resize({
          width: PICTURE_MAX_SIDE,
          height: PICTURE_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .toColourspace('srgb')
        .ensureAlpha()
        .raw()
        .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true })
    } catch {
      // truncated, corrupt, or a decoder that gives up
      return { status: 'refused', reason: 'notPicture' } as const
    }
    const { width, height, channels } = pixels.info
    const withAlpha = channels === 4 && !opaque(pixels.data)
    const raw = () =>
      sharp(pixels.data, { raw: { width, height, channels } }).timeout({
        seconds: PROCESSING_TIMEOUT_SECONDS,
      })
    const encode = (image: Sharp) =>
      withAlpha ? image.png() : image.removeAlpha().jpeg({ quality: 88 })
    const data = await encode(raw()).toBuffer()
    const thumbnail = await encode(
      raw().resize({
        width: THUMBNAIL_MAX_SIDE,
        height: THUMBNAIL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
    ).toBuffer()
    // The attention map is coarse: the thumbnail finds the same point for a fraction of the work.
    const focus = await pictureFocus(thumbnail)
    return {
      status: 'accepted',
      picture: {
        width,
        height,
        contentType: withAlpha ? 'image/png' : 'image/jpeg',
        extension: withAlpha ? 'png' : 'jpg',
        data,
        thumbnail,
        focus,
      },
    } as const
  })
}

/** A key under `pictures/<userId>/` nobody can guess, for a picture and its thumbnail. */
export function pictureKeys(userId: number, extension: 'jpg' | 'png') {
  const stem = `pictures/${userId}/${randomBytes(16).toString('hex')}`
  return { key: `${stem}.${extension}`, thumbnailKey: `${stem}-thumb.${extension}` }
}
