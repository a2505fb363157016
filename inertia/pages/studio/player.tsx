import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { ArrowLeft, Sparkles } from 'lucide-react'
import { OfflinePreviewNotice } from '~/components/studio/offline_preview_notice'
import { KeptVideoNote } from '~/components/studio/player/kept_video_note'
import { VideoActions } from '~/components/studio/player/video_actions'
import { CaptionDownloads } from '~/components/studio/player/caption_downloads'
import { ReadyToPost } from '~/components/studio/player/ready_to_post'
import { VideoDetails } from '~/components/studio/player/video_details'
import { VideoFrame } from '~/components/studio/player/video_frame'
import { ProjectStatusBadge } from '~/components/studio/status_badges'
import { Button } from '~/components/ui/button'
import { normalizeStatus } from '~/lib/videos'
import { client } from '~/lib/client'

type PlayerProps = {
  /** GET /api/videos/{id} as a prop. */
  video: Data.Studio.Video
}

/** A video made on the free plan carries a watermark: said, with the way out. */
function WatermarkNote() {
  return (
    <div
      role="note"
      className="flex flex-col gap-3 rounded-lg border border-violet-300 bg-violet-50 p-4 text-violet-900 sm:flex-row sm:items-center sm:justify-between dark:border-violet-500/40 dark:bg-violet-500/10 dark:text-violet-200"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <Sparkles className="size-4 shrink-0" aria-hidden />
        Your video includes a Reelforge watermark on the free plan.
      </p>
      <Button asChild size="sm">
        <Link href={client.urlFor('billing.billing.show')}>Upgrade</Link>
      </Button>
    </div>
  )
}

export default function Player({ video }: PlayerProps) {
  return (
    <>
      <Head title="Video" />
      <div className="space-y-6">
        <div className="min-w-0 space-y-2">
          {/* Back to Videos goes to Home (docs/product.md, "Video player (/player/:id)"). */}
          <Button asChild variant="link" size="inline" className="text-muted-foreground!">
            <Link route="studio.dashboard.show">
              <ArrowLeft aria-hidden />
              Back to Videos
            </Link>
          </Button>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight">Your Video</h1>
            <ProjectStatusBadge status={normalizeStatus(video.status)} />
          </div>
        </div>
        <OfflinePreviewNotice mode="video" />

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-4">
            <KeptVideoNote video={video} />
            <VideoFrame video={video} />
            <VideoActions video={video} />
            <CaptionDownloads video={video} />
            {video.watermarked && <WatermarkNote />}
            {video.post && <ReadyToPost videoId={video.id} post={video.post} />}
          </div>
          <VideoDetails video={video} />
        </div>
      </div>
    </>
  )
}
