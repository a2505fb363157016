import type { Data } from '@generated/data'
import { CheckCircle2, Loader2, TriangleAlert } from 'lucide-react'
import { ProjectStatusBadge } from '~/components/studio/status_badges'

type ProjectStatus = Data.Studio.Video['status']

type StatusHeadingProps = {
  status: ProjectStatus
  done: boolean
  failed: boolean
  generating: boolean
  /** The checks failed past their retries. */
  gaveUp: boolean
  maxRetries: number
}

function wording({ status, done, failed, generating, gaveUp, maxRetries }: StatusHeadingProps) {
  if (gaveUp) {
    return {
      heading: "Couldn't check the status",
      subheading: `We tried ${maxRetries} more times without success. Use Retry Check to try again.`,
    }
  }
  if (done) return { heading: 'Your video is ready!', subheading: 'Redirecting to your video...' }
  if (failed) {
    return {
      heading: 'Generation Failed',
      subheading: 'Something went wrong during generation. Please try again.',
    }
  }
  if (status === 'draft') {
    return {
      heading: 'Not started yet',
      subheading: "This project hasn't been sent for generation yet.",
    }
  }
  if (status === 'queued') {
    return {
      heading: 'Queued for generation',
      subheading: 'Your video will start generating shortly.',
    }
  }
  if (generating) {
    return {
      heading: 'Generating your video',
      subheading: 'You can leave this page; your video keeps generating.',
    }
  }
  return { heading: 'Checking status...', subheading: null }
}

/** The status in words, with its icon and badge; a failure is announced as an alert. */
export function StatusHeading(props: StatusHeadingProps) {
  const { status, done, failed, gaveUp } = props
  const { heading, subheading } = wording(props)
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {gaveUp || failed ? (
        <TriangleAlert className="size-12 text-destructive" aria-hidden />
      ) : done ? (
        <CheckCircle2 className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden />
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
  )
}
