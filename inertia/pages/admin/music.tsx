import { useState } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, Loader2, Music, Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from '~/lib/toast'
import type { Data } from '@generated/data'
import { MOODS, MusicTrackDialog } from '~/components/admin/music_track_dialog'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { MoodBadge } from '~/components/studio/mood_badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { apiRequest } from '~/lib/api'
import { formatClock } from '~/lib/studio'

type Track = Data.Media.MusicTrack

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

export default function MusicLibrary({ tracks }: { tracks: Track[] }) {
  const [mood, setMood] = useState('all')
  const [dialog, setDialog] = useState<{ open: boolean; track: Track | null; key: number }>({
    open: false,
    track: null,
    key: 0,
  })
  const [reloading, setReloading] = useState(false)
  const visible = tracks.filter((track) => mood === 'all' || track.mood === mood)

  const open = (track: Track | null) =>
    setDialog((current) => ({ open: true, track, key: current.key + 1 }))

  const reload = () =>
    router.reload({
      only: ['tracks'],
      onStart: () => setReloading(true),
      onFinish: () => setReloading(false),
    })

  async function remove(track: Track) {
    try {
      await apiRequest('DELETE', `/api/admin/music-tracks/${track.id}`)
      toast.success('Music track deleted successfully')
      reload()
      return true
    } catch {
      toast.error('Failed to delete music track')
      return false
    }
  }

  return (
    <>
      <Head title="Music Library" />
      <div className="space-y-6">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link href="/admin">
            <ArrowLeft aria-hidden />
            Back to Admin
          </Link>
        </Button>

        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">Music Library</h1>
            <p className="text-muted-foreground">Upload and organize background music tracks</p>
          </div>
          <Button onClick={() => open(null)}>
            <Plus aria-hidden />
            Add Track
          </Button>
        </div>

        <div role="group" aria-label="Filter by mood" className="flex flex-wrap gap-2">
          {['all', ...MOODS].map((value) => (
            <Button
              key={value}
              size="sm"
              variant={mood === value ? 'default' : 'outline'}
              aria-pressed={mood === value}
              onClick={() => setMood(value)}
            >
              {value === 'all' ? 'All Moods' : capitalize(value)}
            </Button>
          ))}
        </div>

        {reloading ? (
          <p
            role="status"
            className="flex items-center justify-center gap-2 py-12 text-muted-foreground"
          >
            <Loader2 className="size-4 animate-spin" aria-hidden />
            Loading music tracks...
          </p>
        ) : visible.length === 0 ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
              <Music className="size-10 text-muted-foreground" aria-hidden />
              <h2 className="text-lg font-semibold">No Music Tracks</h2>
              <p className="text-sm text-muted-foreground">
                {mood === 'all'
                  ? 'Add your first music track to get started'
                  : `No tracks found for ${mood} mood`}
              </p>
              <Button onClick={() => open(null)}>
                <Plus aria-hidden />
                Add First Track
              </Button>
            </CardContent>
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Music tracks">
            {visible.map((track) => (
              <li key={track.id}>
                <Card className="h-full">
                  <CardContent className="flex h-full flex-col gap-3">
                    <div className="min-w-0">
                      <h3 className="truncate font-semibold">{track.title}</h3>
                      {track.artist && (
                        <p className="truncate text-sm text-muted-foreground">{track.artist}</p>
                      )}
                    </div>
                    <div className="flex items-center justify-between gap-2">
                      <MoodBadge mood={track.mood} />
                      <span className="text-sm text-muted-foreground tabular-nums">
                        {formatClock(track.duration)}
                      </span>
                    </div>
                    <div className="mt-auto flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => open(track)}
                        aria-label={`Edit ${track.title}`}
                      >
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
                        onConfirm={() => remove(track)}
                      />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>

      <MusicTrackDialog
        key={dialog.key}
        open={dialog.open}
        track={dialog.track}
        onOpenChange={(isOpen) => setDialog((current) => ({ ...current, open: isOpen }))}
        onSaved={() => {
          setDialog((current) => ({ ...current, open: false }))
          reload()
        }}
      />
    </>
  )
}
