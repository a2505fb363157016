import { useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import { ArrowLeft, Loader2, Music, Plus } from 'lucide-react'
import type { Data } from '@generated/data'
import { usePageWrite } from '~/hooks/use_page_write'
import { MusicTrackDialog } from '~/components/admin/music_track_dialog'
import { MOODS } from '~/components/admin/music_track_fields'
import { MusicTrackCard } from '~/components/admin/music_track_card'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { client } from '~/lib/client'

type Track = Data.Media.MusicTrack

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

export default function MusicLibrary({ tracks }: { tracks: Track[] }) {
  const [mood, setMood] = useState('all')
  const [dialog, setDialog] = useState<{ open: boolean; track: Track | null; key: number }>({
    open: false,
    track: null,
    key: 0,
  })
  const write = usePageWrite()
  // A save reloads the list with its answer; a deletion keeps its dialog open until then.
  const reloading = write.running === 'post' || write.running === 'put'
  const visible = tracks.filter((track) => mood === 'all' || track.mood === mood)

  const open = (track: Track | null) => {
    write.clearErrors()
    setDialog((current) => ({ open: true, track, key: current.key + 1 }))
  }

  const remove = (track: Track) =>
    write.send(
      'delete',
      client.urlFor('admin.music_track_forms.destroy', { id: track.id }),
      {},
      { refusal: { title: 'Failed to delete music track' }, only: ['tracks'] }
    )

  return (
    <>
      <Head title="Music Library" />
      <div className="space-y-6">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link href={client.urlFor('admin.dashboard.show')}>
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
                <MusicTrackCard
                  track={track}
                  onEdit={() => open(track)}
                  onDelete={() => remove(track)}
                />
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
        write={write}
        onSaved={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  )
}
