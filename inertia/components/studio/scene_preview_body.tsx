import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import type { Data } from '@generated/data'

/** A finished scene's clip (or still) at full size, loaded after the storyboard paints. */
export function ScenePreviewBody({ scene }: { scene: Data.Studio.Scene }) {
  return (
    <DialogContent size="wide">
      <DialogHeader>
        <DialogTitle>{`Scene ${scene.order}`}</DialogTitle>
        <DialogDescription className="line-clamp-2">{scene.prompt}</DialogDescription>
      </DialogHeader>
      <div className="flex justify-center overflow-hidden rounded-md bg-black">
        {scene.videoUrl ? (
          <video
            src={scene.videoUrl}
            poster={scene.thumbnailUrl ?? undefined}
            controls
            autoPlay
            playsInline
            className="max-h-[70dvh] w-auto max-w-full"
          />
        ) : scene.thumbnailUrl ? (
          <img
            src={scene.thumbnailUrl}
            alt={`Scene ${scene.order} still`}
            className="max-h-[70dvh] w-auto max-w-full object-contain"
          />
        ) : null}
      </div>
    </DialogContent>
  )
}
