import { useState } from 'react'
import type { Data } from '@generated/data'
import { useLivePage } from '~/hooks/use_live_page'
import { isDone, isGenerating, normalizeStatus } from '~/lib/videos'
import type { Stage } from '~/components/studio/status/generation_steps'

type ProjectStatus = Data.Studio.Video['status']
type StatusReport = Data.Studio.Video.Variants['forStatus']

/** While the live channel is down (docs/product.md, "Video status (/status/:id)"). */
const POLL_MS = 5000
/** Further attempts after a failed check, 1 s, 2 s and 4 s apart. */
export const MAX_RETRIES = 3

/** The progress shown when the server sends no usable figure. */
const FALLBACK_PROGRESS: Partial<Record<ProjectStatus, number>> = {
  processing: 33,
  rendering: 66,
  done: 100,
}

function progressOf(report: StatusReport) {
  const status = normalizeStatus(report.status)
  if (status === 'done') {
    return 100
  }
  if (typeof report.progress === 'number' && Number.isFinite(report.progress)) {
    return Math.min(100, Math.max(0, Math.round(report.progress)))
  }
  return FALLBACK_PROGRESS[status] ?? 0
}

/**
 * The status page's report as it stands: the `report` prop, an event's news
 * until the reload it triggers lands, and the checks' failures (retried 1 s,
 * 2 s and 4 s apart, then left to Retry Check).
 */
export function useStatusReport(projectId: number, report: StatusReport, paused: boolean) {
  const [checkError, setCheckError] = useState<string | null>(null)
  const [failures, setFailures] = useState(0)
  const [retrying, setRetrying] = useState(false)

  // An event carries the new status at once; it stands until the reload it triggers lands.
  const [heard, setHeard] = useState<{ over: StatusReport; report: StatusReport } | null>(null)
  const current = heard?.over === report ? heard.report : report

  const status = normalizeStatus(current.status)
  const done = isDone(current.status)
  const failed = status === 'failed'
  const gaveUp = checkError !== null && failures > MAX_RETRIES

  const { reload } = useLivePage({
    only: ['report'],
    projectIds: [projectId],
    active: !(done || failed || gaveUp || paused),
    pollMs: POLL_MS,
    retryMs: checkError ? 1000 * 2 ** Math.max(0, failures - 1) : null,
    onEvent: (_, event) =>
      setHeard({
        over: report,
        report: {
          // The rest stays the last report's until the reload brings the next
          ...report,
          status: normalizeStatus(event.status),
          progress: event.progress,
          error: event.error,
        },
      }),
    reloadOptions: {
      onSuccess: () => {
        setFailures(0)
        setCheckError(null)
      },
      onHttpException: (response) => {
        setFailures((count) => count + 1)
        setCheckError(`${response.status}: The server could not report the status.`)
        return false
      },
      onNetworkError: (error) => {
        setFailures((count) => count + 1)
        setCheckError(error.message)
        return false
      },
    },
  })

  // Which step a failure belongs to: the last stage seen, else a guess from the progress
  const [lastStage, setLastStage] = useState<Stage | null>(null)
  if ((status === 'processing' || status === 'rendering') && status !== lastStage) {
    setLastStage(status)
  }
  const progress = progressOf(current)

  function retryCheck() {
    setFailures(0)
    setRetrying(true)
    void reload().finally(() => setRetrying(false))
  }

  return {
    status,
    error: failed ? current.error?.trim() || null : null,
    done,
    failed,
    generating: isGenerating(current.status),
    progress,
    estimate: current.estimate,
    failedAt: lastStage ?? (progress >= 66 ? 'rendering' : 'processing'),
    checkError,
    gaveUp,
    retrying,
    retryCheck,
  } as const
}
