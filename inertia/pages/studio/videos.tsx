import { useEffect, useState, type ReactNode } from 'react'
import { Head, router } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import {
  ChevronLeft,
  ChevronRight,
  FileText,
  Plus,
  RefreshCw,
  Search,
  SearchX,
  TriangleAlert,
  Video,
} from 'lucide-react'
import { toast } from '~/lib/toast'
import { VIDEO_GRID, VideoCard } from '~/components/videos/video_card'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Select } from '~/components/ui/select'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { usePolling } from '~/hooks/use_polling'
import { useProjectEvents } from '~/hooks/use_project_events'
import { apiRequest, errorMessage } from '~/lib/api'
import { client } from '~/lib/client'
import { isGenerating } from '~/lib/videos'

type VideoItem = Data.Studio.Video

const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'queued', label: 'Queued' },
  { value: 'processing', label: 'Processing' },
  { value: 'rendering', label: 'Rendering' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
] as const

type StatusFilter = (typeof STATUS_FILTERS)[number]['value']
type Tab = 'completed' | 'drafts'

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
  filters: { search: string; status: StatusFilter; tab: Tab }
}

const PREVIEW_CHARS = 60
/** Spec §4: refresh every 5 s while any video is generating (when the live channel is down). */
const REFRESH_MS = 5000
/** While the live channels are up, a slow refresh still catches an event that got lost. */
const LIVE_REFRESH_MS = 30_000
/** Typing pauses this long before the search goes to the server. */
const SEARCH_DELAY_MS = 300

function isStatusFilter(value: string): value is StatusFilter {
  return STATUS_FILTERS.some((filter) => filter.value === value)
}

/** Goes to another page of My Videos, keeping search, filter and tab in the URL. */
function visit(
  query: { search: string; status: StatusFilter; tab: Tab; after?: string; before?: string },
  { replace = false } = {}
) {
  const params: Record<string, string> = { tab: query.tab }
  if (query.search !== '') params.search = query.search
  if (query.status !== 'all') params.status = query.status
  if (query.after) params.after = query.after
  if (query.before) params.before = query.before
  router.get(client.urlFor('studio.videos.index'), params, {
    only: ['library', 'filters'],
    preserveState: true,
    preserveScroll: replace,
    replace,
  })
}

function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode
  title: string
  description: string
  action?: ReactNode
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        {icon}
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{description}</p>
        {action && <div className="mt-2">{action}</div>}
      </CardContent>
    </Card>
  )
}

export default function Videos({ library, filters }: VideosProps) {
  const { videos, counts } = library
  const [refreshing, setRefreshing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [search, setSearch] = useState(filters.search)

  // The search reaches the URL (and the server) once typing pauses.
  useEffect(() => {
    if (search.trim() === filters.search) return
    const timer = setTimeout(
      () => visit({ ...filters, search: search.trim() }, { replace: true }),
      SEARCH_DELAY_MS
    )
    return () => clearTimeout(timer)
  }, [search, filters])

  /** Asks the server for this page again (a partial reload of the `library` prop). */
  function reload({ manual = false } = {}) {
    return new Promise<void>((resolve) => {
      router.reload({
        only: ['library'],
        // In the background: a reload must never cut off a visit to another page.
        async: true,
        onStart: () => manual && setRefreshing(true),
        onSuccess: () => setError(null),
        onError: () => setError('The server did not answer as expected.'),
        onHttpException: () => {
          setError('The server did not answer as expected.')
          return false
        },
        onNetworkError: () => {
          setError('The network is unreachable.')
          return false
        },
        onFinish: () => {
          setRefreshing(false)
          resolve()
        },
      })
    })
  }

  // Generating videos follow their live channels; the 5 s poll stands in while those are down.
  const generatingIds = videos.filter((video) => isGenerating(video.status)).map(({ id }) => id)
  const live = useProjectEvents(generatingIds, () => void reload())
  usePolling(
    () => (document.visibilityState === 'hidden' ? undefined : reload()),
    generatingIds.length === 0 ? null : live ? LIVE_REFRESH_MS : REFRESH_MS
  )

  const filtering = filters.search !== '' || filters.status !== 'all'

  function clearFilters() {
    setSearch('')
    visit({ search: '', status: 'all', tab: filters.tab }, { replace: true })
  }

  async function deleteVideo(video: VideoItem) {
    try {
      await apiRequest('DELETE', client.urlFor('studio.projects.destroy', { id: video.id }))
      toast.success('Video deleted successfully')
      return true
    } catch (failure) {
      toast.error('Failed to delete video', { description: errorMessage(failure) })
      return false
    } finally {
      await reload()
    }
  }

  function grid(list: VideoItem[]) {
    return (
      <ul className={VIDEO_GRID}>
        {list.map((video) => (
          <li key={video.id} className="flex">
            <VideoCard
              video={video}
              previewLength={PREVIEW_CHARS}
              ellipsis="…"
              onDelete={() => deleteVideo(video)}
            />
          </li>
        ))}
      </ul>
    )
  }

  const noMatches = (
    <EmptyState
      icon={<SearchX className="size-12 text-muted-foreground" aria-hidden />}
      title="No videos match your filters"
      description="Try a different search or status."
      action={
        <Button type="button" variant="outline" onClick={clearFilters}>
          Clear Filters
        </Button>
      }
    />
  )

  const pager = (library.next !== null || library.previous !== null) && (
    <nav aria-label="Pages of videos" className="flex items-center justify-between gap-2">
      <Button
        type="button"
        variant="outline"
        disabled={library.previous === null}
        onClick={() => visit({ ...filters, before: library.previous ?? undefined })}
      >
        <ChevronLeft aria-hidden />
        Newer
      </Button>
      <Button
        type="button"
        variant="outline"
        disabled={library.next === null}
        onClick={() => visit({ ...filters, after: library.next ?? undefined })}
      >
        Older
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  )

  function completedTab() {
    if (videos.length > 0) return grid(videos)
    if (filtering) return noMatches
    return (
      <EmptyState
        icon={<Video className="size-12 text-muted-foreground" aria-hidden />}
        title="No videos yet"
        description="Create your first AI video to get started"
        action={
          <Button asChild>
            <Link route="studio.create.show">Create Your First Video</Link>
          </Button>
        }
      />
    )
  }

  function draftsTab() {
    if (videos.length > 0) return grid(videos)
    if (filtering) return noMatches
    return (
      <EmptyState
        icon={<FileText className="size-12 text-muted-foreground" aria-hidden />}
        title="No drafts"
        description="Projects you start but haven't generated yet will appear here."
      />
    )
  }

  function body() {
    return (
      <Tabs
        value={filters.tab}
        onValueChange={(value) =>
          visit({ ...filters, tab: value === 'drafts' ? 'drafts' : 'completed' }, { replace: true })
        }
        className="gap-4!"
      >
        <TabsList>
          <TabsTrigger value="completed">{`Completed (${counts.completed})`}</TabsTrigger>
          <TabsTrigger value="drafts">{`Drafts (${counts.drafts})`}</TabsTrigger>
        </TabsList>

        <TabsContent value="completed" className="space-y-3">
          <p className="text-sm text-muted-foreground">
            Videos you have generated, including ones still in progress or failed.
          </p>
          {completedTab()}
          {pager}
        </TabsContent>

        <TabsContent value="drafts" className="space-y-3">
          <p className="text-sm text-muted-foreground">
            Projects you have set up but not generated yet. Open one to continue on its storyboard.
          </p>
          {draftsTab()}
          {pager}
        </TabsContent>
      </Tabs>
    )
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
            <Button
              type="button"
              variant="outline"
              disabled={refreshing}
              onClick={() => void reload({ manual: true })}
            >
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

        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search videos by prompt..."
              aria-label="Search videos by prompt"
              className="pl-9"
            />
          </div>
          <Select
            value={filters.status}
            onValueChange={(value) =>
              visit(
                { ...filters, status: isStatusFilter(value) ? value : 'all' },
                { replace: true }
              )
            }
            className="sm:w-44"
            aria-label="Filter by status"
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </Select>
        </div>

        {error !== null && (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <TriangleAlert className="size-4 shrink-0 text-destructive" aria-hidden />
            {`Couldn't refresh your videos: ${error}`}
          </p>
        )}

        {body()}
      </div>
    </>
  )
}
