import type { CSSProperties } from 'react'
import { Head, usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import {
  ArrowLeft,
  Copy,
  Download,
  Loader2,
  Pencil,
  Plus,
  Share2,
  Sparkles,
  TriangleAlert,
} from 'lucide-react'
import { toast } from '~/lib/toast'
import { ProjectStatusBadge } from '~/components/studio/status_badges'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Tooltip } from '~/components/ui/tooltip'
import { OfflinePreviewNotice } from '~/components/studio/offline_preview_notice'
import {
  duplicateHref,
  formatDateTime,
  isDone,
  isGenerating,
  normalizeStatus,
  videoHref,
  styleLabel,
} from '~/lib/videos'
type Video = Data.Studio.Video
type AspectRatio = Video['aspectRatio']

type PlayerProps = {
  /** GET /api/videos/{id} as a prop. */
  video: Video
}

const FRAME: Record<AspectRatio, [number, number]> = {
  '9:16': [9, 16],
  '1:1': [1, 1],
  '16:9': [16, 9],
}

const SHARE_TARGETS = ['TikTok', 'Instagram Stories', 'YouTube Shorts']

/** Keeps the video's aspect ratio at most 70vh tall and never wider than its column. */
function frameStyle(aspectRatio: AspectRatio): CSSProperties {
  const [width, height] = FRAME[aspectRatio] ?? FRAME['16:9']
  return {
    aspectRatio: `${width} / ${height}`,
    maxHeight: '70vh',
    maxWidth: `calc(70vh * ${width} / ${height})`,
  }
}

function BackToVideos() {
  // Spec §2: Back to Videos goes to /
  return (
    <Button asChild variant="link" size="inline" className="text-muted-foreground!">
      <Link route="studio.dashboard.show">
        <ArrowLeft aria-hidden />
        Back to Videos
      </Link>
    </Button>
  )
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

function ComingSoonButton({ label }: { label: string }) {
  return (
    <Tooltip label="Coming soon">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-disabled="true"
        className="cursor-not-allowed opacity-50 hover:bg-background!"
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  )
}

export default function Player({ video }: PlayerProps) {
  const { user } = usePage<SharedProps>().props
  const playable = isDone(video.status) && video.outputVideoUrl !== null
  const pageUrl = `${window.location.origin}/player/${video.id}`

  function download() {
    if (video.outputVideoUrl) {
      window.open(video.outputVideoUrl, '_blank', 'noopener,noreferrer')
    }
  }

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'My Reelforge video', url: pageUrl })
        return
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          return
        }
        // Any other refusal falls back to copying the link
      }
    }
    try {
      await navigator.clipboard.writeText(pageUrl)
      toast.success('Link copied')
    } catch {
      toast.error("Couldn't copy the link", { description: pageUrl })
    }
  }

  const details = [
    { label: 'Style', value: styleLabel(video.style) },
    { label: 'Duration', value: `${video.duration} seconds` },
    { label: 'Resolution', value: video.resolution ?? 'Not available' },
  ]

  return (
    <>
      <Head title="Video" />
      <div className="space-y-6">
        <div className="min-w-0 space-y-2">
          <BackToVideos />
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">Your Video</h1>
            <ProjectStatusBadge status={normalizeStatus(video.status)} />
          </div>
        </div>
        <OfflinePreviewNotice />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-4">
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
                />
              ) : (
                <NotReady video={video} />
              )}
            </div>

            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
              <Button type="button" disabled={!video.outputVideoUrl} onClick={download}>
                <Download aria-hidden />
                Download
              </Button>
              <Button asChild variant="outline">
                <Link href={duplicateHref(video)}>
                  <Copy aria-hidden />
                  Duplicate
                </Link>
              </Button>
              <Button type="button" variant="outline" onClick={() => void share()}>
                <Share2 aria-hidden />
                Share
              </Button>
            </div>

            <section aria-labelledby="share-to" className="space-y-2 text-center">
              <h2 id="share-to" className="text-sm font-medium text-muted-foreground">
                Share to
              </h2>
              <div className="flex flex-wrap justify-center gap-2">
                {SHARE_TARGETS.map((target) => (
                  <ComingSoonButton key={target} label={target} />
                ))}
              </div>
            </section>

            {user?.plan === 'free' && (
              <div
                role="note"
                className="flex flex-col gap-3 rounded-lg border border-violet-300 bg-violet-50 p-4 text-violet-900 sm:flex-row sm:items-center sm:justify-between dark:border-violet-500/40 dark:bg-violet-500/10 dark:text-violet-200"
              >
                <p className="flex items-center gap-2 text-sm font-medium">
                  <Sparkles className="size-4 shrink-0" aria-hidden />
                  Your video includes a Reelforge watermark on the free plan.
                </p>
                <Button asChild size="sm">
                  <Link href="/billing">Upgrade</Link>
                </Button>
              </div>
            )}
          </div>

          <div className="space-y-4">
            <Card className="gap-4!">
              <CardHeader>
                <CardTitle>Details</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="space-y-3 text-sm">
                  <div className="space-y-1">
                    <dt className="text-xs text-muted-foreground">Prompt</dt>
                    <dd className="max-h-48 overflow-y-auto break-words whitespace-pre-wrap">
                      {video.prompt}
                    </dd>
                  </div>
                  {details.map((detail) => (
                    <div key={detail.label} className="flex items-center justify-between gap-3">
                      <dt className="text-xs text-muted-foreground">{detail.label}</dt>
                      <dd className="text-right font-medium">{detail.value}</dd>
                    </div>
                  ))}
                  <div className="flex items-center justify-between gap-3">
                    <dt className="text-xs text-muted-foreground">Status</dt>
                    <dd>
                      <ProjectStatusBadge status={normalizeStatus(video.status)} />
                    </dd>
                  </div>
                  <div className="flex items-center justify-between gap-3">
                    <dt className="text-xs text-muted-foreground">Created</dt>
                    <dd className="text-right font-medium">
                      <time dateTime={video.createdAt}>{formatDateTime(video.createdAt)}</time>
                    </dd>
                  </div>
                </dl>
              </CardContent>
            </Card>

            <div className="flex flex-col gap-2">
              <Button asChild>
                <Link route="studio.create.show">
                  <Plus aria-hidden />
                  Create Another Video
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link route="studio.storyboard.show" routeParams={{ projectId: video.id }}>
                  <Pencil aria-hidden />
                  Edit &amp; Regenerate
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </div>
    </>
  )
}
