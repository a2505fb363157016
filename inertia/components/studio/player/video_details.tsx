import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import { Pencil, Plus } from 'lucide-react'
import { ProjectStatusBadge } from '~/components/studio/status_badges'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { formatDateTime, normalizeStatus, styleLabel } from '~/lib/videos'

type Video = Data.Studio.Video

/** The video's prompt, style, length, resolution, status and date, and what to do next. */
export function VideoDetails({ video }: { video: Video }) {
  const details = [
    { label: 'Style', value: styleLabel(video.style) },
    { label: 'Duration', value: `${video.duration} seconds` },
    { label: 'Resolution', value: video.resolution ?? 'Not available' },
  ]

  return (
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
  )
}
