import { useState } from 'react'
import { ImageOff, Loader2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { FramedPicture } from '~/components/studio/pictures/framed_picture'
import { Skeleton } from '~/components/ui/skeleton'
import { cn } from '~/lib/utils'

type AspectRatio = Data.Studio.Project.Variants['forPage']['aspectRatio']
type Scene = Data.Studio.Scene

/** Width-driven boxes keep the project's aspect ratio at any card width. */
const FRAME: Record<AspectRatio, string> = {
  '9:16': 'aspect-[9/16] w-full max-w-40',
  '1:1': 'aspect-square w-full max-w-56',
  '16:9': 'aspect-video w-full',
}

/** The scene's picture in the project's frame: its still, a failed scene's mark, or a placeholder. */
export function SceneFrame({ scene, aspectRatio }: { scene: Scene; aspectRatio: AspectRatio }) {
  return (
    <div className="flex justify-center px-4">
      <div className={cn('relative overflow-hidden rounded-md', FRAME[aspectRatio])}>
        {scene.thumbnailUrl ? (
          <SceneStill
            key={scene.thumbnailUrl}
            src={scene.thumbnailUrl}
            order={scene.order}
            picture={scene.picture}
            aspectRatio={aspectRatio}
          />
        ) : scene.status === 'failed' ? (
          <div className="flex size-full items-center justify-center bg-muted">
            <ImageOff className="size-8 text-muted-foreground" aria-hidden />
          </div>
        ) : (
          <Skeleton className="size-full rounded-md" />
        )}
        {scene.stillOutdated && scene.status !== 'processing' && (
          <p
            data-testid="still-outdated"
            className="absolute inset-x-0 bottom-0 bg-amber-100/95 px-2 py-1 text-center text-xs font-medium text-amber-900 dark:bg-amber-950/90 dark:text-amber-100"
          >
            Outdated — regenerate to redraw
          </p>
        )}
        {scene.status === 'processing' && (
          <div className="absolute inset-0 flex items-center justify-center bg-background/40">
            <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
          </div>
        )}
      </div>
    </div>
  )
}

/**
 * The scene's still, or the creator's picture framed as the video frames it;
 * a URL that fails to load (expired, or replaced while the still is
 * regenerated) shows the placeholder instead of a broken image.
 */
function SceneStill({
  src,
  order,
  picture,
  aspectRatio,
}: {
  src: string
  order: number
  picture: Scene['picture']
  aspectRatio: AspectRatio
}) {
  const [broken, setBroken] = useState(false)
  if (broken) {
    return <Skeleton className="size-full rounded-md" />
  }
  if (picture) {
    return (
      <FramedPicture
        src={src}
        alt={`Scene ${order} picture`}
        picture={picture}
        aspectRatio={aspectRatio}
        onError={() => setBroken(true)}
      />
    )
  }
  return (
    <img
      src={src}
      alt={`Scene ${order} still`}
      loading="lazy"
      onError={() => setBroken(true)}
      className="size-full object-cover"
    />
  )
}
