import type { ReactNode } from 'react'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { ChevronLeft, ChevronRight, FileText, SearchX, Video } from 'lucide-react'
import { VIDEO_GRID, VideoCard } from '~/components/videos/video_card'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import type { Tab } from '~/hooks/studio/use_video_filters'

type VideoItem = Data.Studio.Video

const PREVIEW_CHARS = 60

type VideoLibraryProps = {
  tab: Tab
  videos: VideoItem[]
  counts: { completed: number; drafts: number }
  /** A search or filter is on: an empty tab means nothing matched. */
  filtering: boolean
  hasNewer: boolean
  hasOlder: boolean
  onTabChange: (tab: string) => void
  onNewer: () => void
  onOlder: () => void
  onClearFilters: () => void
  onDelete: (video: VideoItem) => Promise<boolean>
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

/** The Completed and Drafts tabs: a page of cards, Newer/Older, or why there is none. */
export function VideoLibrary({
  tab,
  videos,
  counts,
  filtering,
  hasNewer,
  hasOlder,
  onTabChange,
  onNewer,
  onOlder,
  onClearFilters,
  onDelete,
}: VideoLibraryProps) {
  function cards(empty: ReactNode) {
    if (videos.length === 0) {
      return filtering ? (
        <EmptyState
          icon={<SearchX className="size-12 text-muted-foreground" aria-hidden />}
          title="No videos match your filters"
          description="Try a different search or status."
          action={
            <Button type="button" variant="outline" onClick={onClearFilters}>
              Clear Filters
            </Button>
          }
        />
      ) : (
        empty
      )
    }
    return (
      <ul className={VIDEO_GRID}>
        {videos.map((video) => (
          <li key={video.id} className="flex">
            <VideoCard
              video={video}
              previewLength={PREVIEW_CHARS}
              ellipsis="…"
              onDelete={() => onDelete(video)}
            />
          </li>
        ))}
      </ul>
    )
  }

  const pager = (hasNewer || hasOlder) && (
    <nav aria-label="Pages of videos" className="flex items-center justify-between gap-2">
      <Button type="button" variant="outline" disabled={!hasNewer} onClick={onNewer}>
        <ChevronLeft aria-hidden />
        Newer
      </Button>
      <Button type="button" variant="outline" disabled={!hasOlder} onClick={onOlder}>
        Older
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  )

  return (
    <Tabs value={tab} onValueChange={onTabChange} className="gap-4!">
      <TabsList>
        <TabsTrigger value="completed">{`Completed (${counts.completed})`}</TabsTrigger>
        <TabsTrigger value="drafts">{`Drafts (${counts.drafts})`}</TabsTrigger>
      </TabsList>

      <TabsContent value="completed" className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Videos you have generated, including ones still in progress or failed.
        </p>
        {cards(
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
        )}
        {pager}
      </TabsContent>

      <TabsContent value="drafts" className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Projects you have set up but not generated yet. Open one to continue on its storyboard.
        </p>
        {cards(
          <EmptyState
            icon={<FileText className="size-12 text-muted-foreground" aria-hidden />}
            title="No drafts"
            description="Projects you start but haven't generated yet will appear here."
          />
        )}
        {pager}
      </TabsContent>
    </Tabs>
  )
}
