import { useEffect, useState } from 'react'
import type { Data } from '@generated/data'
import { Progress } from '~/components/ui/progress'

type ProjectStatus = Data.Studio.Video['status']
type Estimate = Data.Studio.Video.Variants['forStatus']['estimate']

const BEFORE_RUN = 'Typical generation takes 1-2 minutes'

/** Seconds left of the run, counting down between the server's updates. */
function useSecondsLeft(estimate: Estimate) {
  const [counted, setCounted] = useState({ estimate, ticks: 0 })
  if (counted.estimate !== estimate) {
    setCounted({ estimate, ticks: 0 })
  }
  useEffect(() => {
    if (!estimate) return
    const timer = setInterval(
      () => setCounted((current) => ({ ...current, ticks: current.ticks + 1 })),
      1000
    )
    return () => clearInterval(timer)
  }, [estimate])
  if (!estimate) return null
  return Math.max(0, estimate.remainingSeconds - counted.ticks)
}

/** "About 40 seconds left", in the words of docs/product.md, Status. */
function describe(status: ProjectStatus, estimate: Estimate, secondsLeft: number | null) {
  if (status === 'done') return 'Complete!'
  if (status === 'failed') return null
  if (!estimate || secondsLeft === null) return BEFORE_RUN
  if (estimate.overdue) return 'Taking longer than usual'
  if (secondsLeft <= 5) return 'Almost done'
  if (secondsLeft < 90) return `About ${Math.ceil(secondsLeft / 5) * 5} seconds left`
  return `About ${Math.round(secondsLeft / 60)} minutes left`
}

type StatusProgressProps = {
  status: ProjectStatus
  progress: number
  estimate: Estimate
  projectId: number
}

/** The progress bar, the time this run should take and the project's id. */
export function StatusProgress({ status, progress, estimate, projectId }: StatusProgressProps) {
  const secondsLeft = useSecondsLeft(estimate)
  const described = describe(status, estimate, secondsLeft)
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
        {described && (
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">Estimated time</dt>
            <dd className="text-sm font-medium" data-testid="estimated-time">
              {described}
            </dd>
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
