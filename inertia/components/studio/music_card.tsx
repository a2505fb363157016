import { useState } from 'react'
import { Loader2, Music, Play, RotateCw, Square, VolumeX } from 'lucide-react'
import { toast } from '~/lib/toast'
import { MoodBadge } from '~/components/studio/mood_badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { RadioCard, RadioGroup } from '~/components/ui/radio_group'
import { Skeleton } from '~/components/ui/skeleton'
import type { useAudioPreview } from '~/hooks/use_audio_preview'
import { formatClock } from '~/lib/studio'
import type { Data } from '@generated/data'

type MusicTrack = Data.Media.MusicTrack

const MOOD_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'chill', label: 'Chill' },
  { value: 'epic', label: 'Epic' },
  { value: 'horror', label: 'Horror' },
  { value: 'uplifting', label: 'Uplifting' },
]

const NO_MUSIC = 'none'

type MusicCardProps = {
  status: 'loading' | 'success' | 'error'
  tracks: MusicTrack[] | undefined
  onRetry: () => void
  defaultMood: string
  value: MusicTrack | null
  onChange: (track: MusicTrack | null) => void
  preview: ReturnType<typeof useAudioPreview>
  disabled?: boolean
}

export function MusicCard({
  status,
  tracks,
  onRetry,
  defaultMood,
  value,
  onChange,
  preview,
  disabled,
}: MusicCardProps) {
  const [mood, setMood] = useState(
    MOOD_FILTERS.some((filter) => filter.value === defaultMood) ? defaultMood : 'all'
  )
  const visible = (tracks ?? []).filter((track) => mood === 'all' || track.mood === mood)
  const hiddenSelection = value !== null && !visible.some((track) => track.id === value.id)

  function togglePreview(track: MusicTrack) {
    void preview.toggle(`music:${track.id}`, track.fileUrl, {
      // A preview plays half of the track (docs/product.md, "Setup (/setup)")
      maxSeconds: track.duration / 2,
      onError: () => toast.error('Could not play this track'),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="music-title">Background Music</h2>
        </CardTitle>
        <CardDescription>Plays softly under the narration.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div role="group" aria-label="Filter by mood" className="flex flex-wrap gap-2">
          {MOOD_FILTERS.map((filter) => (
            <Button
              key={filter.value}
              type="button"
              size="sm"
              variant={mood === filter.value ? 'default' : 'outline'}
              aria-pressed={mood === filter.value}
              onClick={() => setMood(filter.value)}
            >
              {filter.label}
            </Button>
          ))}
        </div>

        {status === 'loading' && (
          <div className="space-y-2" role="status" aria-label="Loading music">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        )}

        {status === 'error' && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <p>Music tracks could not be loaded.</p>
            <Button type="button" variant="outline" size="sm" onClick={onRetry}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </div>
        )}

        {status === 'success' && (
          <RadioGroup
            aria-labelledby="music-title"
            value={value ? String(value.id) : NO_MUSIC}
            onValueChange={(id) =>
              onChange(id === NO_MUSIC ? null : (tracks?.find((t) => String(t.id) === id) ?? null))
            }
            disabled={disabled}
            className="gap-2"
          >
            <div className="flex items-center gap-2">
              <RadioCard value={NO_MUSIC} className="flex flex-1 items-center gap-3 p-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted">
                  <VolumeX className="size-4 text-muted-foreground" aria-hidden />
                </span>
                <span className="text-sm font-medium">No music</span>
              </RadioCard>
              {/* lines the card up with the tracks' preview buttons */}
              <span className="size-9 shrink-0" aria-hidden />
            </div>

            {hiddenSelection && value && (
              <p className="text-xs text-muted-foreground">
                Selected: <span className="font-medium text-foreground">{value.title}</span>
              </p>
            )}

            {visible.map((track) => (
              <TrackOption
                key={track.id}
                track={track}
                previewState={
                  preview.active?.key === `music:${track.id}` ? preview.active.state : null
                }
                onPreview={() => togglePreview(track)}
              />
            ))}

            {visible.length === 0 && (
              <p className="py-4 text-center text-sm text-muted-foreground">
                No tracks for this mood yet.
              </p>
            )}
          </RadioGroup>
        )}
      </CardContent>
    </Card>
  )
}

type PreviewState = NonNullable<ReturnType<typeof useAudioPreview>['active']>['state']

/** A track to choose, with its mood and length, and its preview button. */
function TrackOption({
  track,
  previewState,
  onPreview,
}: {
  track: MusicTrack
  previewState: PreviewState | null
  onPreview: () => void
}) {
  return (
    <div className="flex items-center gap-2">
      <RadioCard value={String(track.id)} className="flex min-w-0 flex-1 items-center gap-3 p-3">
        <TrackArt track={track} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{track.title}</span>
          {track.artist && (
            <span className="block truncate text-xs text-muted-foreground">{track.artist}</span>
          )}
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
          <MoodBadge mood={track.mood} />
          <span className="text-xs text-muted-foreground tabular-nums">
            {formatClock(track.duration)}
          </span>
        </span>
      </RadioCard>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={onPreview}
        aria-label={previewState ? `Stop preview of ${track.title}` : `Preview ${track.title}`}
        aria-pressed={previewState !== null}
      >
        {previewState === 'loading' ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : previewState === 'playing' ? (
          <Square aria-hidden />
        ) : (
          <Play aria-hidden />
        )}
      </Button>
    </div>
  )
}

function TrackArt({ track }: { track: MusicTrack }) {
  if (track.thumbnailUrl) {
    return (
      <img
        src={track.thumbnailUrl}
        alt=""
        loading="lazy"
        className="size-10 shrink-0 rounded-md object-cover"
      />
    )
  }
  return (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted">
      <Music className="size-4 text-muted-foreground" aria-hidden />
    </span>
  )
}
