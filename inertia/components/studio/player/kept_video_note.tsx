import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { History } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { isGenerating, keptVideoNote, normalizeStatus } from '~/lib/videos'

type Video = Data.Studio.Video

/**
 * Over a video kept from an earlier run: what the latest run is doing or
 * did (its error when it failed), and where to follow it.
 */
export function KeptVideoNote({ video }: { video: Video }) {
  const status = normalizeStatus(video.status)
  const note = keptVideoNote(status, video.outputVideoUrl !== null)
  if (!note) {
    return null
  }
  return (
    <div
      role="status"
      data-testid="kept-video-note"
      className="flex flex-col gap-3 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950 sm:flex-row sm:items-center sm:justify-between dark:border-sky-500/40 dark:bg-sky-500/10 dark:text-sky-100"
    >
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <History className="size-4 shrink-0" aria-hidden />
          {note}
        </p>
        {status === 'failed' && video.error && (
          <p className="break-words text-sky-900/80 dark:text-sky-100/80">{video.error}</p>
        )}
      </div>
      <Button asChild size="sm" variant="outline">
        {isGenerating(status) ? (
          <Link route="studio.status.show" routeParams={{ projectId: video.id }}>
            View Status
          </Link>
        ) : (
          <Link route="studio.storyboard.show" routeParams={{ projectId: video.id }}>
            Open Storyboard
          </Link>
        )}
      </Button>
    </div>
  )
}
