import { useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Calendar, Clock, Film, Loader2, Palette, Trash2 } from 'lucide-react'
import { ProjectStatusBadge } from '~/components/studio/status_badges'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import {
  formatDate,
  isGenerating,
  keptVideoNote,
  normalizeStatus,
  previewText,
  styleLabel,
  videoHref,
} from '~/lib/videos'
import type { Data } from '@generated/data'

type Video = Data.Studio.Video

/** The card grid of Home and My Videos. */
export const VIDEO_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'

export const DELETE_VIDEO_CONFIRMATION =
  'Are you sure you want to delete this video? This action cannot be undone.'

type VideoCardProps = {
  video: Video
  /** How many prompt characters the title shows (Home 50, My Videos 60). */
  previewLength: number
  /** Appended when the prompt is cut. */
  ellipsis?: string
  /** Shows the delete button; resolves to true once the video is gone. */
  onDelete?: () => Promise<boolean>
  /** Where the card leads; by default My Videos' routing by status. */
  href?: string
}

function Thumbnail({ video }: { video: Video }) {
  const [broken, setBroken] = useState<string[]>([])
  // The card-sized copy; a video made before copies were kept falls back to the full poster.
  const thumbUrl =
    [video.cardThumbUrl, video.thumbUrl].find((url) => url && !broken.includes(url)) ?? null

  if (thumbUrl) {
    return (
      <img
        src={thumbUrl}
        alt=""
        loading="lazy"
        className="size-full object-contain"
        onError={() => setBroken((urls) => [...urls, thumbUrl])}
      />
    )
  }
  if (video.outputVideoUrl) {
    // The first frame stands in for a missing thumbnail (docs/product.md, My Videos)
    return (
      <video
        src={`${video.outputVideoUrl}#t=0.1`}
        preload="metadata"
        muted
        playsInline
        aria-hidden
        tabIndex={-1}
        className="pointer-events-none size-full object-contain"
      />
    )
  }
  return isGenerating(video.status) ? (
    <Loader2 className="size-8 animate-spin text-zinc-400" aria-hidden />
  ) : (
    <Film className="size-8 text-zinc-400" aria-hidden />
  )
}

function DeleteVideoButton({ onDelete }: { onDelete: () => Promise<boolean> }) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          type="button"
          variant="secondary"
          size="icon"
          aria-label="Delete video"
          title="Delete video"
          className="absolute top-2 right-2 z-10 size-8! bg-background/90! shadow-sm! backdrop-blur hover:bg-destructive! hover:text-destructive-foreground"
          onClick={(event) => event.stopPropagation()}
        >
          <Trash2 aria-hidden />
        </Button>
      }
      title="Delete video?"
      description={DELETE_VIDEO_CONFIRMATION}
      busyLabel="Delete"
      onConfirm={onDelete}
    />
  )
}

/**
 * A video in Home's Recent Videos and in My Videos (docs/product.md, My Videos): thumbnail,
 * status badge, prompt preview, style, duration and created date. The
 * whole card is one link; the delete button sits beside it, not inside.
 */
export function VideoCard({
  video,
  previewLength,
  ellipsis = '...',
  onDelete,
  href,
}: VideoCardProps) {
  const title = previewText(video.prompt, previewLength, ellipsis) || 'Untitled video'
  const kept = keptVideoNote(normalizeStatus(video.status), video.outputVideoUrl !== null)

  return (
    <Card
      data-testid="video-card"
      data-video-id={video.id}
      className="group relative w-full gap-0! overflow-hidden py-0! transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md"
    >
      <Link
        href={href ?? videoHref(video)}
        className="flex flex-1 flex-col outline-none"
        title={video.prompt}
      >
        <div className="relative flex aspect-video items-center justify-center overflow-hidden bg-zinc-950">
          <Thumbnail video={video} />
          <div className="absolute bottom-2 left-2">
            <ProjectStatusBadge status={video.status} />
          </div>
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h3 className="line-clamp-2 font-medium break-words">{title}</h3>
          {kept && <p className="text-xs text-sky-700 dark:text-sky-300">{kept}</p>}
          <dl className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <div className="flex items-center gap-1">
              <dt>
                <Palette className="size-3.5" aria-hidden />
                <span className="sr-only">Style</span>
              </dt>
              <dd>{styleLabel(video.style)}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt>
                <Clock className="size-3.5" aria-hidden />
                <span className="sr-only">Duration</span>
              </dt>
              <dd className="tabular-nums">{`${video.duration}s`}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt>
                <Calendar className="size-3.5" aria-hidden />
                <span className="sr-only">Created</span>
              </dt>
              <dd>
                <time dateTime={video.createdAt}>{formatDate(video.createdAt)}</time>
              </dd>
            </div>
          </dl>
        </div>
      </Link>
      {onDelete && <DeleteVideoButton onDelete={onDelete} />}
    </Card>
  )
}
