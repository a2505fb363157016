import type { CSSProperties } from 'react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { Loader2, TriangleAlert } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { isGenerating, normalizeStatus, videoHref } from '~/lib/videos'

type Video = Data.Studio.Video
type AspectRatio = Video['aspectRatio']

const FRAME: Record<AspectRatio, [number, number]> = {
  '9:16': [9, 16],
  '1:1': [1, 1],
  '16:9': [16, 9],
}

/** Keeps the video's aspect ratio at most 70vh tall and never wider than its column. */
function frameStyle(aspectRatio: AspectRatio): CSSProperties {
  const [width, height] = FRAME[aspectRatio] ?? FRAME['16:9']
  return {
    aspectRatio: `${width} / ${height}`,
    maxHeight: '70vh',
    maxWidth: `calc(70vh * ${width} / ${height})`,
  }
}

function NotReady({ video }: { video: Video }) {
  const status = normalizeStatus(video.status)
  let message = "This video hasn't been generated yet."
  if (isGenerating(status)) {
    message = 'This video is still being generated.'
  } else if (status === 'failed') {
    message = 'Generation failed for this video.'
  } else if (status === 'done') {
    message = "The video file isn't available yet."
  }

  return (
    <div
      role="status"
      className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center text-zinc-100"
    >
      {isGenerating(status) ? (
        <Loader2 className="size-10 animate-spin text-zinc-400" aria-hidden />
      ) : (
        <TriangleAlert className="size-10 text-zinc-400" aria-hidden />
      )}
      <p className="text-sm">{message}</p>
      {status === 'failed' && video.error && (
        <p className="max-w-sm text-xs break-words text-zinc-400">{video.error}</p>
      )}
      <Button asChild variant="secondary" size="sm">
        <Link href={videoHref(video)}>
          {status === 'draft' || status === 'failed' ? 'Open Storyboard' : 'View Status'}
        </Link>
      </Button>
    </div>
  )
}

/**
 * The last finished video in its own shape (also while a re-render runs, or
 * after one was cancelled or failed), or where an unfinished one stands.
 */
export function VideoFrame({ video }: { video: Video }) {
  const playable = video.outputVideoUrl !== null
  return (
    <div
      className="mx-auto w-full overflow-hidden rounded-xl bg-zinc-950"
      style={frameStyle(video.aspectRatio)}
    >
      {playable ? (
        <video
          controls
          playsInline
          preload="metadata"
          src={video.outputVideoUrl ?? undefined}
          poster={video.thumbUrl ?? undefined}
          aria-label="Video player"
          className="size-full object-contain"
        >
          {/* Off by default: the captions are burned in; the track serves a video without them. */}
          {video.captionsUrls && (
            <track kind="captions" src={video.captionsUrls.vtt} srcLang="en" label="Captions" />
          )}
        </video>
      ) : (
        <NotReady video={video} />
      )}
    </div>
  )
}
