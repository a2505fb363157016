import { Loader2, Play } from 'lucide-react'
import { Badge, type BadgeProps } from '~/components/ui/badge'
import type { ProjectStatus, SceneStatus } from '@studio/statuses'

const SCENE_STATUS: Record<SceneStatus, { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Pending', variant: 'gray' },
  processing: { label: 'Processing', variant: 'blue' },
  completed: { label: 'Completed', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
}

export function SceneStatusBadge({ status }: { status: SceneStatus }) {
  const { label, variant } = SCENE_STATUS[status] ?? { label: status, variant: 'gray' }
  return (
    <Badge variant={variant}>
      {status === 'processing' && <Loader2 className="animate-spin" aria-hidden />}
      {label}
    </Badge>
  )
}

const PROJECT_STATUS: Record<ProjectStatus, { label: string; variant: BadgeProps['variant'] }> = {
  draft: { label: 'Draft', variant: 'gray' },
  queued: { label: 'Queued', variant: 'gray' },
  processing: { label: 'Processing', variant: 'blue' },
  rendering: { label: 'Rendering', variant: 'yellow' },
  done: { label: 'Done', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
}

/** Status colours (docs/product.md, My Videos): processing blue, rendering yellow, done green, failed red, others grey. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { label, variant } = PROJECT_STATUS[status] ?? { label: status, variant: 'gray' }
  return (
    <Badge variant={variant}>
      {(status === 'processing' || status === 'rendering') && (
        <Loader2 className="animate-spin" aria-hidden />
      )}
      {status === 'done' && <Play aria-hidden />}
      {label}
    </Badge>
  )
}
