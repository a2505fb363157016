import { Link } from '@adonisjs/inertia/react'
import { Home, Loader2, Play, Plus, RefreshCw, X } from 'lucide-react'
import { Button } from '~/components/ui/button'

type StatusActionsProps = {
  projectId: number
  done: boolean
  cancellable: boolean
  /** Failed or never started: the storyboard is where to go next. */
  showStoryboard: boolean
  retrying: boolean
  cancelling: boolean
  onRetry: () => void
  onCancel: () => void
}

/** Retry Check, Cancel Processing, View Video and Open Storyboard. */
export function StatusActions({
  projectId,
  done,
  cancellable,
  showStoryboard,
  retrying,
  cancelling,
  onRetry,
  onCancel,
}: StatusActionsProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
      <Button type="button" variant="outline" disabled={retrying || cancelling} onClick={onRetry}>
        <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Retry Check
      </Button>
      {cancellable && (
        <Button type="button" variant="outline" disabled={cancelling} onClick={onCancel}>
          {cancelling ? <Loader2 className="animate-spin" aria-hidden /> : <X aria-hidden />}
          Cancel Processing
        </Button>
      )}
      {done ? (
        <Button asChild>
          <Link route="studio.player.show" routeParams={{ videoId: projectId }}>
            <Play aria-hidden />
            View Video
          </Link>
        </Button>
      ) : (
        <Button type="button" disabled>
          <Play aria-hidden />
          View Video
        </Button>
      )}
      {showStoryboard && (
        <Button asChild variant="outline">
          <Link route="studio.storyboard.show" routeParams={{ projectId }}>
            Open Storyboard
          </Link>
        </Button>
      )}
    </div>
  )
}

/** Where to go from here: a new video, or Home. */
export function StatusFooterLinks() {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
      <Button asChild variant="secondary">
        <Link route="studio.create.show">
          <Plus aria-hidden />
          Create New Video
        </Link>
      </Button>
      <Button asChild variant="ghost">
        <Link route="studio.dashboard.show">
          <Home aria-hidden />
          Back to Home
        </Link>
      </Button>
    </div>
  )
}
