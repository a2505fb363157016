import type { Data } from '@generated/data'
import { Loader2, TriangleAlert } from 'lucide-react'
import { Progress } from '~/components/ui/progress'

type Project = Data.Studio.Project.Variants['forPage']

/** While the video is made, its progress; after a failed run, the reason. */
export function GenerationNotice({
  project,
  generating,
}: {
  project: Project
  generating: boolean
}) {
  return (
    <>
      {generating && (
        <div role="status" className="space-y-2 rounded-lg border p-4">
          <p className="flex items-center gap-2 text-sm font-medium">
            <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
            {project.status === 'queued' ? 'Queued for generation...' : 'Generating your video...'}
          </p>
          <Progress value={project.progressPercent} aria-label="Video progress" />
        </div>
      )}

      {project.status === 'failed' && project.error && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <p>{project.error}</p>
        </div>
      )}
    </>
  )
}
