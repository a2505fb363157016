/**
 * How a creator's picture sits in a video's frame (docs/product.md, Image to
 * Video), shared by the render and the storyboard so both show the same
 * thing. Only shapes count, never pixel counts: a 2160p frame shows what a
 * 720p one shows, only sharper (docs/decisions.md, Videos).
 */

/** The smallest frame any plan renders has 720 pixels on its shorter side. */
export const REFERENCE_SHORT_SIDE = 720

/**
 * A picture that needs more than this enlargement to fill the 720p frame of
 * the video's shape is too small for any plan: it is shown whole, over a
 * blurred copy of itself. 1.5× still looks like the photo it is (a 480×854
 * picture in a 9:16 video).
 */
export const COVER_MAX_ENLARGEMENT = 1.5

/**
 * A picture whose fill would keep less than this share of it is shown whole:
 * its shape, not its size, rules the crop out. A 16:9 photo in a 9:16 video
 * keeps 32 % and fills it; a panorama three times as wide as tall would keep
 * 19 %.
 */
export const MIN_KEPT_SHARE = 0.2

/** A picture shown whole is enlarged at most this much against the 720p frame. */
export const WHOLE_MAX_ENLARGEMENT = 2

export type Size = { width: number; height: number }

/** The picture's most interesting point, in fractions of its width and height. */
export type Focus = { x: number; y: number }

/** A rectangle in fractions of the picture (0 … 1 on each axis). */
export type PictureWindow = { left: number; top: number; width: number; height: number }

export type PictureFraming =
  /** The window, which has the frame's shape, fills the frame. */
  | { fit: 'fill'; window: PictureWindow }
  /** The whole picture, centred, at this share of the frame's width and height, over a blurred fill. */
  | { fit: 'whole'; share: Size }

/** The 720p frame of `frame`'s shape (9:16 → 720×1280): where the rules are measured. */
export function referenceFrame(frame: Size): Size {
  const ratio = frame.width / frame.height
  return ratio >= 1
    ? { width: REFERENCE_SHORT_SIDE * ratio, height: REFERENCE_SHORT_SIDE }
    : { width: REFERENCE_SHORT_SIDE, height: REFERENCE_SHORT_SIDE / ratio }
}

/**
 * How `picture` (its pixel size) is framed in a frame of `frame`'s shape:
 * filled (cropped around `focus`, the centre when unknown) unless it is too
 * small for any plan or too long and thin to crop. The same answer for a
 * frame of any size with that shape.
 */
export function framePictureIn(picture: Size, frame: Size, focus: Focus | null): PictureFraming {
  const reference = referenceFrame(frame)
  const cover = Math.max(reference.width / picture.width, reference.height / picture.height)
  const pictureRatio = picture.width / picture.height
  const frameRatio = frame.width / frame.height
  const kept = Math.min(pictureRatio, frameRatio) / Math.max(pictureRatio, frameRatio)
  if (cover <= COVER_MAX_ENLARGEMENT && kept >= MIN_KEPT_SHARE) {
    return { fit: 'fill', window: fillWindow(pictureRatio, frameRatio, focus ?? CENTRE) }
  }
  const scale = Math.min(
    reference.width / picture.width,
    reference.height / picture.height,
    WHOLE_MAX_ENLARGEMENT
  )
  return {
    fit: 'whole',
    share: {
      width: (picture.width * scale) / reference.width,
      height: (picture.height * scale) / reference.height,
    },
  }
}

const CENTRE: Focus = { x: 0.5, y: 0.5 }

/** The largest window of the frame's shape in the picture, centred on `focus` as far as it can be. */
function fillWindow(pictureRatio: number, frameRatio: number, focus: Focus): PictureWindow {
  const width = Math.min(1, frameRatio / pictureRatio)
  const height = Math.min(1, pictureRatio / frameRatio)
  const place = (centre: number, length: number) =>
    Math.min(1 - length, Math.max(0, centre - length / 2))
  return { left: place(focus.x, width), top: place(focus.y, height), width, height }
}
