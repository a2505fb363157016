import { Progress } from '~/components/ui/progress'
import type { UploadState } from '~/lib/direct_upload'

/** Where an upload stands, in words (and a bar while the bytes go). */
export function UploadStateText({ state }: { state: UploadState }) {
  switch (state.name) {
    case 'waiting':
      return <p className="text-xs text-muted-foreground">Waiting</p>
    case 'preprocessing':
      return <p className="text-xs text-muted-foreground">Preparing…</p>
    case 'uploading':
      return (
        <div className="space-y-1">
          <p className="text-xs text-muted-foreground">Uploading {state.percent}%</p>
          <Progress value={state.percent} aria-label="Upload progress" className="h-1" />
        </div>
      )
    case 'postprocessing':
      return <p className="text-xs text-muted-foreground">Processing…</p>
    case 'complete':
      return <p className="text-xs text-emerald-600 dark:text-emerald-400">Complete</p>
    case 'error':
      return (
        <p role="alert" className="text-xs text-destructive">
          {state.message}
        </p>
      )
  }
}
