import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { ArrowLeft, Film, Loader2, X } from 'lucide-react'
import { AddSceneDialog } from '~/components/studio/add_scene_dialog'
import { ProjectStatusBadge } from '~/components/studio/status_badges'
import { Button } from '~/components/ui/button'

type StoryboardHeaderProps = {
  status: Data.Studio.Project.Variants['forPage']['status']
  cancellable: boolean
  generating: boolean
  canGenerate: boolean
  cancelling: boolean
  startingVideo: boolean
  /** Points the Generate button at the "more credits" line while credits fall short. */
  shortOfCredits: boolean
  onAddScene: (prompt: string, pictureId?: number) => Promise<boolean>
  /** Image to Video: a new scene brings its picture. */
  pictureMode: boolean
  onCancel: () => void
  onGenerate: () => void
}

/** The storyboard's title, its status and the project's actions. */
export function StoryboardHeader({
  status,
  cancellable,
  generating,
  canGenerate,
  cancelling,
  startingVideo,
  shortOfCredits,
  onAddScene,
  pictureMode,
  onCancel,
  onGenerate,
}: StoryboardHeaderProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 space-y-2">
        <Button asChild variant="link" size="inline" className="text-muted-foreground!">
          <Link route="studio.setup.show">
            <ArrowLeft aria-hidden />
            Back to Setup
          </Link>
        </Button>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Storyboard</h1>
          <ProjectStatusBadge status={status} />
        </div>
      </div>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <AddSceneDialog onAdd={onAddScene} withPicture={pictureMode} disabled={generating} />
        {cancellable && (
          <Button type="button" variant="outline" disabled={cancelling} onClick={onCancel}>
            {cancelling ? <Loader2 className="animate-spin" aria-hidden /> : <X aria-hidden />}
            Cancel Processing
          </Button>
        )}
        <Button
          type="button"
          disabled={!canGenerate || startingVideo || generating}
          aria-describedby={shortOfCredits ? 'credits-short' : undefined}
          onClick={onGenerate}
        >
          {startingVideo ? <Loader2 className="animate-spin" aria-hidden /> : <Film aria-hidden />}
          Generate Final Video
        </Button>
      </div>
    </div>
  )
}
