import { useState } from 'react'
import { Head } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { Plus, RefreshCw, TriangleAlert } from 'lucide-react'
import { VideoLibrary } from '~/components/studio/videos/video_library'
import { VideoSearch } from '~/components/studio/videos/video_search'
import { Button } from '~/components/ui/button'
import { useLivePage } from '~/hooks/use_live_page'
import { useVideoFilters, visitVideos, type VideoFilters } from '~/hooks/studio/use_video_filters'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'
import { isGenerating } from '~/lib/videos'

type VideoItem = Data.Studio.Video

type VideosProps = {
  /**
   * One page of the current tab, newest first, with the cursors of the
   * pages around it and both tabs' counts: GET /api/my-videos as a prop.
   */
  library: {
    videos: VideoItem[]
    next: string | null
    previous: string | null
    counts: { completed: number; drafts: number }
  }
  /** The search, status filter and tab of the URL. */
  filters: VideoFilters
}

/** While any video is generating and the live channel is down (docs/product.md, "My Videos (/videos)"). */
const POLL_MS = 5000
const FAILED = 'The server did not answer as expected.'

export default function Videos({ library, filters }: VideosProps) {
  const { videos } = library
  const [refreshing, setRefreshing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const search = useVideoFilters(filters)
  const write = usePageWrite()

  // Generating videos follow their live channels; the poll stands in while those are down.
  const generatingIds = videos.filter((video) => isGenerating(video.status)).map(({ id }) => id)
  const { reload } = useLivePage({
    only: ['library'],
    projectIds: generatingIds,
    active: generatingIds.length > 0,
    pollMs: POLL_MS,
    reloadOptions: {
      onSuccess: () => setError(null),
      onError: () => setError(FAILED),
      onHttpException: () => {
        setError(FAILED)
        return false
      },
      onNetworkError: () => {
        setError('The network is unreachable.')
        return false
      },
    },
  })

  function refresh() {
    void reload({ onStart: () => setRefreshing(true), onFinish: () => setRefreshing(false) })
  }

  return (
    <>
      <Head title="My Videos" />
      <div className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h1 className="text-3xl font-bold tracking-tight">My Videos</h1>
            <p className="text-muted-foreground">Watch, manage and revisit your AI videos.</p>
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button type="button" variant="outline" disabled={refreshing} onClick={refresh}>
              <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden />
              Refresh
            </Button>
            <Button asChild>
              <Link route="studio.create.show">
                <Plus aria-hidden />
                Create New Video
              </Link>
            </Button>
          </div>
        </div>

        <VideoSearch
          search={search.search}
          onSearchChange={search.setSearch}
          status={filters.status}
          onStatusChange={search.setStatus}
        />

        {error !== null && (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
            {`Couldn't refresh your videos: ${error}`}
          </p>
        )}

        <VideoLibrary
          tab={filters.tab}
          videos={videos}
          counts={library.counts}
          filtering={search.filtering}
          hasNewer={library.previous !== null}
          hasOlder={library.next !== null}
          onTabChange={search.setTab}
          onNewer={() => visitVideos({ ...filters, before: library.previous ?? undefined })}
          onOlder={() => visitVideos({ ...filters, after: library.next ?? undefined })}
          onClearFilters={search.clear}
          onDelete={(video) =>
            write.send(
              'delete',
              client.urlFor('studio.videos.destroy', { id: video.id }),
              {},
              { refusal: { title: 'Failed to delete video' } }
            )
          }
        />
      </div>
    </>
  )
}
