import { Pencil, Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { MoodBadge } from '~/components/studio/mood_badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { formatClock } from '~/lib/studio'

type Track = Data.Media.MusicTrack

/** One track of /admin/music: title, artist, mood, length, Edit and Delete (confirmed). */
export function MusicTrackCard({
  track,
  onEdit,
  onDelete,
}: {
  track: Track
  onEdit: () => void
  onDelete: () => Promise<boolean>
}) {
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{track.title}</h3>
          {track.artist && <p className="truncate text-sm text-muted-foreground">{track.artist}</p>}
        </div>
        <div className="flex items-center justify-between gap-2">
          <MoodBadge mood={track.mood} />
          <span className="text-sm text-muted-foreground tabular-nums">
            {formatClock(track.duration)}
          </span>
        </div>
        <div className="mt-auto flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${track.title}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Delete ${track.title}`}>
                <Trash2 aria-hidden />
                Delete
              </Button>
            }
            title="Delete music track?"
            description={`"${track.title}" will be removed from the library.`}
            busyLabel="Deleting..."
            onConfirm={onDelete}
          />
        </div>
      </CardContent>
    </Card>
  )
}
