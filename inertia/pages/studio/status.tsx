import { useCallback, useEffect, useRef, useState } from 'react'
import { Head, router, usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { Link } from '@adonisjs/inertia/react'
import type { Data } from '@generated/data'
import {
  CheckCircle2,
  Circle,
  Home,
  KeyRound,
  Loader2,
  Play,
  Plus,
  RefreshCw,
  TriangleAlert,
  X,
  XCircle,
} from 'lucide-react'
import { toast } from '~/lib/toast'
import { ProjectStatusBadge } from '~/components/studio/status_badges'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Progress } from '~/components/ui/progress'
import { usePolling } from '~/hooks/use_polling'
import { useProjectEvents } from '~/hooks/use_project_events'
import { apiRequest } from '~/lib/api'
import { client } from '~/lib/client'
import { isDone, isGenerating, normalizeStatus } from '~/lib/videos'
import { cn } from '~/lib/utils'

type ProjectStatus = Data.Studio.Video['status']
type StatusReport = Data.Studio.Video.Variants['forStatus']

type StatusProps = {
  projectId: number
  /** GET /api/video/status/{projectId} as a prop, partially reloaded as it changes. */
  report: StatusReport
}

const POLL_MS = 5000
/** While the live channel is up, a slow check still catches an event that got lost. */
const LIVE_POLL_MS = 30_000
const REDIRECT_MS = 2000
/** Further attempts after a failed check, 1 s, 2 s and 4 s apart (spec §8). */
const MAX_RETRIES = 3

/** Spec §4 fallback when the server sends no usable progress. */
const FALLBACK_PROGRESS: Partial<Record<ProjectStatus, number>> = {
  processing: 33,
  rendering: 66,
  done: 100,
}

const ESTIMATES: Partial<Record<ProjectStatus, string>> = {
  draft: 'Typical generation takes 1-2 minutes',
  queued: 'Typical generation takes 1-2 minutes',
  processing: '45-60 seconds',
  rendering: '30-45 seconds',
  done: 'Complete!',
}

type Stage = 'processing' | 'rendering'
type StepState = 'pending' | 'active' | 'complete' | 'failed'

const STEPS = ['Processing', 'Rendering', 'Ready'] as const

const STEP_STATE_TEXT: Record<StepState, string> = {
  pending: 'pending',
  active: 'in progress',
  complete: 'complete',
  failed: 'failed',
}

/** A generation that failed on the provider's credentials: the admin hint shows (spec §8). */
function looksLikeAuthFailure(text: string | null | undefined) {
  return !!text && /api[\s_-]?key|configuration|\b401\b/i.test(text)
}

function stepStates(status: ProjectStatus, failedAt: Stage): StepState[] {
  switch (status) {
    case 'processing':
      return ['active', 'pending', 'pending']
    case 'rendering':
      return ['complete', 'active', 'pending']
    case 'done':
      return ['complete', 'complete', 'complete']
    case 'failed':
      return failedAt === 'rendering'
        ? ['complete', 'failed', 'pending']
        : ['failed', 'pending', 'pending']
    default:
      return ['pending', 'pending', 'pending']
  }
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

function StepIcon({ state }: { state: StepState }) {
  switch (state) {
    case 'complete':
      return <CheckCircle2 className="size-6 text-emerald-600 dark:text-emerald-400" aria-hidden />
    case 'active':
      return <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
    case 'failed':
      return <XCircle className="size-6 text-destructive" aria-hidden />
    default:
      return <Circle className="size-6 text-muted-foreground/50" aria-hidden />
  }
}

function AdminHint({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-left text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
      <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="space-y-1">
        <p className="font-medium">This looks like an API authentication problem.</p>
        <p>
          Administrators: check the video provider API credentials (FAL_KEY and the other provider
          keys) in the server configuration, then try again.
        </p>
        {isAdmin && (
          <Link href="/admin" className="font-medium underline underline-offset-4">
            Open Admin Dashboard
          </Link>
        )}
      </div>
    </div>
  )
}

export default function Status({ projectId, report }: StatusProps) {
  const { isAdmin } = usePage<SharedProps>().props

  const [checkError, setCheckError] = useState<string | null>(null)
  const [failures, setFailures] = useState(0)
  const [retrying, setRetrying] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const checking = useRef<Promise<void> | null>(null)

  /**
   * Asks the server again: a partial reload of the `report` prop, retried on
   * failure (spec §8). Polls share a check in flight; an event always asks
   * afresh, since a check sent before the change would miss it.
   */
  const check = useCallback(({ fresh = false } = {}) => {
    if (checking.current && !fresh) return checking.current
    const request = new Promise<void>((resolve) => {
      router.reload({
        only: ['report'],
        // In the background: a reload must never cut off a visit to another page.
        async: true,
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
        onFinish: () => {
          if (checking.current === request) checking.current = null
          resolve()
        },
      })
    })
    checking.current = request
    return request
  }, [])

  // An event carries the new status at once; it stands until the reload it triggers lands.
  const [heard, setHeard] = useState<{ over: StatusReport; report: StatusReport } | null>(null)
  const current = heard?.over === report ? heard.report : report
  const live = useProjectEvents([projectId], (_, event) => {
    setHeard({
      over: report,
      report: {
        status: normalizeStatus(event.status),
        progress: event.progress,
        error: event.error,
      },
    })
    void check({ fresh: true })
  })

  const status = normalizeStatus(current.status)
  const done = isDone(current.status)
  const failed = status === 'failed'
  const generating = isGenerating(current.status)

  // After a failed check: up to 3 more, 1 s, 2 s and 4 s apart, then Retry Check is up to the user.
  const gaveUp = checkError !== null && failures > MAX_RETRIES
  const retryDelay = checkError ? 1000 * 2 ** Math.max(0, failures - 1) : null
  usePolling(
    () => (document.visibilityState === 'hidden' ? undefined : check()),
    done || failed || gaveUp || cancelling ? null : (retryDelay ?? (live ? LIVE_POLL_MS : POLL_MS))
  )

  // Which step a failure belongs to: the last stage seen, else a guess from the progress
  const [lastStage, setLastStage] = useState<Stage | null>(null)
  if ((status === 'processing' || status === 'rendering') && status !== lastStage) {
    setLastStage(status)
  }
  const progress = progressOf(current)
  const failedAt: Stage = lastStage ?? (progress >= 66 ? 'rendering' : 'processing')
  const steps = stepStates(status, failedAt)

  useEffect(() => {
    if (!done) {
      return
    }
    // Fetched during the pause, so the video page shows as soon as it ends.
    const player = client.urlFor('studio.player.show', { videoId: projectId })
    router.prefetch(player, {}, { cacheFor: '30s' })
    const timer = setTimeout(() => router.visit(player), REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done, projectId])

  function retryCheck() {
    setFailures(0)
    setRetrying(true)
    void check().finally(() => setRetrying(false))
  }

  async function cancel() {
    setCancelling(true)
    try {
      await apiRequest('DELETE', client.urlFor('studio.projects.cancel', { id: projectId }))
      toast.success('Video processing cancelled')
      router.visit(client.urlFor('studio.storyboard.show', { projectId }))
    } catch {
      toast.error('Cancel failed', { description: 'Failed to cancel video processing' })
      setCancelling(false)
      void check()
    }
  }

  const serverError = failed ? current.error?.trim() || null : null
  const estimate = ESTIMATES[status]

  let heading = 'Checking status...'
  let subheading: string | null = null
  if (gaveUp) {
    heading = "Couldn't check the status"
    subheading = `We tried ${MAX_RETRIES} more times without success. Use Retry Check to try again.`
  } else if (done) {
    heading = 'Your video is ready!'
    subheading = 'Redirecting to your video...'
  } else if (failed) {
    heading = 'Generation Failed'
    subheading = 'Something went wrong during generation. Please try again.'
  } else if (status === 'draft') {
    heading = 'Not started yet'
    subheading = "This project hasn't been sent for generation yet."
  } else if (status === 'queued') {
    heading = 'Queued for generation'
    subheading = 'Your video will start generating shortly.'
  } else if (generating) {
    heading = 'Generating your video'
    subheading = 'You can leave this page; your video keeps generating.'
  }

  const showAdminHint = failed && looksLikeAuthFailure(serverError)
  // Cancel Processing while processing or rendering (spec §4), as on the storyboard
  const cancellable = status === 'processing' || status === 'rendering'

  return (
    <>
      <Head title="Video Status" />
      <div className="mx-auto w-full max-w-2xl space-y-6">
        <Card>
          <CardContent className="space-y-6">
            <div className="flex flex-col items-center gap-3 text-center">
              {gaveUp || failed ? (
                <TriangleAlert className="size-12 text-destructive" aria-hidden />
              ) : done ? (
                <CheckCircle2
                  className="size-12 text-emerald-600 dark:text-emerald-400"
                  aria-hidden
                />
              ) : (
                <Loader2 className="size-12 animate-spin text-primary" aria-hidden />
              )}
              <div
                className="space-y-1"
                role={gaveUp || failed ? 'alert' : 'status'}
                aria-live={gaveUp || failed ? undefined : 'polite'}
              >
                <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
                {subheading && <p className="text-muted-foreground">{subheading}</p>}
              </div>
              <ProjectStatusBadge status={status} />
            </div>

            {serverError && (
              <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words">
                {serverError}
              </p>
            )}
            {gaveUp && (
              <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words">
                {checkError}
              </p>
            )}
            {showAdminHint && <AdminHint isAdmin={isAdmin} />}

            <ol className="grid grid-cols-3 gap-2" aria-label="Generation steps">
              {STEPS.map((label, index) => {
                const state = steps[index]
                return (
                  <li
                    key={label}
                    aria-current={state === 'active' ? 'step' : undefined}
                    className="flex flex-col items-center gap-2 text-center"
                  >
                    <StepIcon state={state} />
                    <span
                      className={cn(
                        'text-sm font-medium',
                        state === 'pending' && 'text-muted-foreground',
                        state === 'failed' && 'text-destructive'
                      )}
                    >
                      {label}
                    </span>
                    <span className="sr-only">{`(${STEP_STATE_TEXT[state]})`}</span>
                  </li>
                )
              })}
            </ol>

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

            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
              <Button
                type="button"
                variant="outline"
                disabled={retrying || cancelling}
                onClick={retryCheck}
              >
                <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden />
                Retry Check
              </Button>
              {cancellable && (
                <Button
                  type="button"
                  variant="outline"
                  disabled={cancelling}
                  onClick={() => void cancel()}
                >
                  {cancelling ? (
                    <Loader2 className="animate-spin" aria-hidden />
                  ) : (
                    <X aria-hidden />
                  )}
                  Cancel Processing
                </Button>
              )}
              {done ? (
                <Button asChild>
                  <Link route="studio.player.show" routeParams={{ videoId: projectId }}>
                    <Play aria-hidden />
                    View Video
                  </Link>
                </Button>
              ) : (
                <Button type="button" disabled>
                  <Play aria-hidden />
                  View Video
                </Button>
              )}
              {(failed || status === 'draft') && (
                <Button asChild variant="outline">
                  <Link route="studio.storyboard.show" routeParams={{ projectId }}>
                    Open Storyboard
                  </Link>
                </Button>
              )}
            </div>
          </CardContent>
        </Card>

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild variant="secondary">
            <Link route="studio.create.show">
              <Plus aria-hidden />
              Create New Video
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <Link route="studio.dashboard.show">
              <Home aria-hidden />
              Back to Home
            </Link>
          </Button>
        </div>
      </div>
    </>
  )
}
