import { useEffect } from 'react'
import { Head, router, usePage } from '@inertiajs/react'
import { Link } from '@adonisjs/inertia/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import type { Data } from '@generated/data'
import { AdminHint, looksLikeAuthFailure } from '~/components/studio/status/admin_hint'
import { GenerationSteps } from '~/components/studio/status/generation_steps'
import { StatusActions, StatusFooterLinks } from '~/components/studio/status/status_actions'
import { StatusHeading } from '~/components/studio/status/status_heading'
import { StatusProgress } from '~/components/studio/status/status_progress'
import { Card, CardContent } from '~/components/ui/card'
import { MAX_RETRIES, useStatusReport } from '~/hooks/studio/use_status_report'
import { client } from '~/lib/client'
import { usePageWrite } from '~/hooks/use_page_write'
import { keptVideoNote } from '~/lib/videos'
import { isCancellable } from '@studio/statuses'

type StatusProps = {
  projectId: number
  /** GET /api/video/status/{projectId} as a prop, partially reloaded as it changes. */
  report: Data.Studio.Video.Variants['forStatus']
}

const REDIRECT_MS = 2000

/** A video kept from an earlier run stays a click away while this one runs or after it ended. */
function KeptVideoLink({ note, projectId }: { note: string; projectId: number }) {
  return (
    <p
      role="status"
      className="rounded-md border border-sky-300 bg-sky-50 p-3 text-center text-sm text-sky-950 dark:border-sky-500/40 dark:bg-sky-500/10 dark:text-sky-100"
    >
      {note}{' '}
      <Link
        route="studio.player.show"
        routeParams={{ videoId: projectId }}
        className="font-medium underline"
      >
        Watch it
      </Link>
    </p>
  )
}

/** Fetches the video page during the pause after a finished run, then opens it. */
function useOpenPlayerWhenDone(done: boolean, projectId: number) {
  useEffect(() => {
    if (!done) {
      return
    }
    const player = client.urlFor('studio.player.show', { videoId: projectId })
    router.prefetch(player, {}, { cacheFor: '30s' })
    const timer = setTimeout(() => router.visit(player), REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done, projectId])
}

export default function Status({ projectId, report }: StatusProps) {
  const { isAdmin } = usePage<SharedProps>().props
  const write = usePageWrite()
  const cancelling = write.processing
  const live = useStatusReport(projectId, report, cancelling)
  const kept = keptVideoNote(live.status, report.hasVideo)
  useOpenPlayerWhenDone(live.done, projectId)

  // Cancel Processing lands on the storyboard; refused, the status stays with its toast.
  async function cancel() {
    await write.send(
      'delete',
      client.urlFor('studio.storyboard.cancel', { id: projectId }),
      {},
      { refusal: { title: 'Cancel failed', description: 'Failed to cancel video processing' } }
    )
  }

  return (
    <>
      <Head title="Video Status" />
      <div className="mx-auto w-full max-w-2xl space-y-6">
        <Card>
          <CardContent className="space-y-6">
            <StatusHeading
              status={live.status}
              done={live.done}
              failed={live.failed}
              generating={live.generating}
              gaveUp={live.gaveUp}
              maxRetries={MAX_RETRIES}
            />
            <p id="status-length" className="text-center text-sm text-muted-foreground">
              {`Final length: ${report.seconds}s`}
              {report.brand &&
                `, with brand kit ${report.brand.name} (version ${report.brand.version})`}
            </p>
            {kept && <KeptVideoLink note={kept} projectId={projectId} />}
            {live.error && (
              <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words">
                {live.error}
              </p>
            )}
            {live.gaveUp && (
              <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm break-words">
                {live.checkError}
              </p>
            )}
            {live.failed && looksLikeAuthFailure(live.error) && <AdminHint isAdmin={isAdmin} />}
            <GenerationSteps status={live.status} failedAt={live.failedAt} />
            <StatusProgress
              status={live.status}
              progress={live.progress}
              estimate={live.estimate}
              projectId={projectId}
            />
            <StatusActions
              projectId={projectId}
              done={live.done}
              cancellable={isCancellable(live.status)}
              showStoryboard={live.failed || live.status === 'draft'}
              retrying={live.retrying}
              cancelling={cancelling}
              onRetry={live.retryCheck}
              onCancel={() => void cancel()}
            />
          </CardContent>
        </Card>
        <StatusFooterLinks />
      </div>
    </>
  )
}
