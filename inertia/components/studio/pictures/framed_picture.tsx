import { framePictureIn } from '@media/picture_framing'
import type { Data } from '@generated/data'

type AspectRatio = Data.Studio.Project.Variants['forPage']['aspectRatio']
type PictureShape = NonNullable<Data.Studio.Scene['picture']>

/**
 * A creator's picture in a scene's frame as the video will show it
 * (docs/product.md, Image to Video): the same window around its focus, or
 * the whole picture over a blurred copy when it is too small for any plan.
 * The parent is the frame: positioned, clipping, of the project's shape.
 */
export function FramedPicture({
  src,
  alt,
  picture,
  aspectRatio,
  onError,
}: {
  src: string
  alt: string
  picture: PictureShape
  aspectRatio: AspectRatio
  onError: () => void
}) {
  const [width, height] = aspectRatio.split(':').map(Number)
  const framing = framePictureIn(picture, { width, height }, picture.focus)
  if (framing.fit === 'fill') {
    const { window } = framing
    return (
      <img
        src={src}
        alt={alt}
        loading="lazy"
        onError={onError}
        data-framing="fill"
        className="absolute max-w-none"
        style={{
          width: `${100 / window.width}%`,
          height: `${100 / window.height}%`,
          left: `${(-100 * window.left) / window.width}%`,
          top: `${(-100 * window.top) / window.height}%`,
        }}
      />
    )
  }
  return (
    <>
      <img
        src={src}
        alt=""
        aria-hidden
        loading="lazy"
        className="absolute inset-0 size-full scale-110 object-cover blur-md"
      />
      <img
        src={src}
        alt={alt}
        loading="lazy"
        onError={onError}
        data-framing="whole"
        className="absolute top-1/2 left-1/2 max-w-none -translate-x-1/2 -translate-y-1/2"
        style={{ width: `${100 * framing.share.width}%`, height: `${100 * framing.share.height}%` }}
      />
    </>
  )
}
