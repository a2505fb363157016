import type { Data } from '@generated/data'
import { Progress } from '~/components/ui/progress'

type ProjectStatus = Data.Studio.Video['status']

const ESTIMATES: Partial<Record<ProjectStatus, string>> = {
  draft: 'Typical generation takes 1-2 minutes',
  queued: 'Typical generation takes 1-2 minutes',
  processing: '45-60 seconds',
  rendering: '30-45 seconds',
  done: 'Complete!',
}

type StatusProgressProps = { status: ProjectStatus; progress: number; projectId: number }

/** The progress bar, the time it usually takes and the project's id. */
export function StatusProgress({ status, progress, projectId }: StatusProgressProps) {
  const estimate = ESTIMATES[status]
  return (
    <>
      <div className="space-y-2">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">Progress</span>
          <span className="text-muted-foreground tabular-nums">{`${progress}%`}</span>
        </div>
        <Progress value={progress} aria-label="Generation progress" />
      </div>

      <dl className="grid gap-3 sm:grid-cols-2">
        {estimate && (
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">Estimated time</dt>
            <dd className="text-sm font-medium">{estimate}</dd>
          </div>
        )}
        <div className="rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">Project ID</dt>
          <dd className="font-mono text-sm font-medium">{projectId}</dd>
        </div>
      </dl>
    </>
  )
}
