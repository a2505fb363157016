import { Head, usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { Plus, TriangleAlert, Video } from 'lucide-react'
import { VIDEO_GRID, VideoCard } from '~/components/videos/video_card'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { client } from '~/lib/client'

const LOW_CREDITS_THRESHOLD = 3
const PREVIEW_CHARS = 50

type DashboardProps = {
  /** The latest videos, newest first (the server sends at most six). */
  videos: Data.Studio.Video[]
  /** Series that paused themselves, each with its reason (docs/series.md, Money). */
  pausedSeries: { id: number; name: string; reason: string }[]
}

function RecentVideos({ videos }: Pick<DashboardProps, 'videos'>) {
  if (videos.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <Video className="size-12 text-muted-foreground" aria-hidden />
          <h3 className="text-lg font-semibold">No videos yet</h3>
          <p className="text-sm text-muted-foreground">Create your first AI video to get started</p>
          <Button asChild className="mt-2">
            <Link route="studio.create.show">Create Your First Video</Link>
          </Button>
        </CardContent>
      </Card>
    )
  }

  return (
    <ul className={VIDEO_GRID}>
      {videos.map((video) => (
        <li key={video.id} className="flex">
          {/* A Home card goes to the player, which shows where an unfinished video stands (docs/product.md, "Home (/)"). */}
          <VideoCard
            video={video}
            previewLength={PREVIEW_CHARS}
            ellipsis="..."
            href={client.urlFor('studio.player.show', { videoId: video.id })}
          />
        </li>
      ))}
    </ul>
  )
}

export default function Dashboard({ videos, pausedSeries }: DashboardProps) {
  const { user } = usePage<SharedProps>().props

  if (!user) {
    return null
  }

  return (
    <>
      <Head title="Home" />
      <div className="space-y-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">
              {videos.length === 0 ? 'Welcome to Reelforge' : 'Welcome back'}
            </h1>
            <p className="truncate text-muted-foreground">{user.username ?? user.email}</p>
          </div>
          <Button asChild size="lg">
            <Link route="studio.create.show">
              <Plus aria-hidden />
              Create Video
            </Link>
          </Button>
        </div>

        {user.credits <= LOW_CREDITS_THRESHOLD && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
          >
            <p className="flex items-center gap-2 text-sm font-medium">
              <TriangleAlert className="size-4 shrink-0" aria-hidden />
              You&apos;re running low on credits. Consider upgrading your plan.
            </p>
            <Button asChild size="sm" variant="outline">
              <Link href={client.urlFor('billing.billing.show')}>Upgrade Now</Link>
            </Button>
          </div>
        )}

        {pausedSeries.map((series) => (
          <div
            key={series.id}
            role="alert"
            className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
          >
            <p className="flex items-center gap-2 text-sm font-medium">
              <TriangleAlert className="size-4 shrink-0" aria-hidden />
              Series “{series.name}”: {series.reason} Buy credits, then resume it.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm" variant="outline">
                <Link href={client.urlFor('studio.series_pages.show', { id: series.id })}>
                  View series
                </Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link href={client.urlFor('billing.billing.show')}>Buy credits</Link>
              </Button>
            </div>
          </div>
        ))}

        <section aria-labelledby="recent-videos" className="space-y-4">
          <div className="flex items-center justify-between gap-4">
            <h2 id="recent-videos" className="text-xl font-semibold">
              Recent Videos
            </h2>
            <Button asChild variant="link" size="inline">
              <Link route="studio.videos.index">View All</Link>
            </Button>
          </div>

          <RecentVideos videos={videos} />
        </section>
      </div>
    </>
  )
}
