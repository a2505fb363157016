import { usePage } from '@inertiajs/react'
import { Laptop } from 'lucide-react'
import type { SharedProps } from '@adonisjs/inertia/types'

/**
 * With the local AI driver the stills are drawn on this machine from the
 * prompt's words: say so where a creator looks at them, with the switch.
 */
export function OfflinePreviewNotice() {
  const { offlinePreview } = usePage<SharedProps>().props
  if (!offlinePreview) return null
  return (
    <div
      role="note"
      data-testid="offline-preview"
      className="flex items-start gap-2 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <Laptop className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">Offline preview — images are drawn locally.</strong> Set{' '}
        <code className="rounded bg-sky-100 px-1 dark:bg-sky-900">AI_DRIVER=fal</code> and{' '}
        <code className="rounded bg-sky-100 px-1 dark:bg-sky-900">FAL_KEY</code> in .env to generate
        with fal.ai.
      </p>
    </div>
  )
}
