import { Loader2, Upload } from 'lucide-react'
import { Progress } from '~/components/ui/progress'
import type { UploadState } from '~/lib/audio_upload'

const UPLOAD_LABELS: Record<UploadState['name'], string> = {
  waiting: 'Waiting…',
  preprocessing: 'Preparing upload…',
  uploading: 'Uploading…',
  postprocessing: 'Checking the audio…',
  complete: 'Upload complete',
  error: 'Upload failed',
}

/** Where the chosen file's upload stands, announced as it changes. */
export function UploadStatus({ upload, uploading }: { upload: UploadState; uploading: boolean }) {
  return (
    <div className="space-y-1" role="status" aria-live="polite">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        {uploading ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <Upload className="size-4" aria-hidden />
        )}
        <span data-upload-state={upload.name}>{UPLOAD_LABELS[upload.name]}</span>
        {upload.name === 'uploading' && <span className="tabular-nums">{upload.percent}%</span>}
      </p>
      {upload.name === 'uploading' && (
        <Progress value={upload.percent} aria-label="Upload progress" />
      )}
      {upload.name === 'error' && <p className="text-sm text-destructive">{upload.message}</p>}
    </div>
  )
}
