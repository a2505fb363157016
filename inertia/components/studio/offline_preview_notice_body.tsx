import { usePage } from '@inertiajs/react'
import { Laptop } from 'lucide-react'
import type { SharedProps } from '@adonisjs/inertia/types'

/** What the local AI driver does, in the creator's mode: Image to Video draws nothing. */
const HEADLINES = {
  'ai-images': 'Offline preview — images are drawn locally.',
  'image-to-video': 'Offline preview — your pictures are animated locally.',
  'video': 'Offline preview — this video was made locally.',
} as const

export type PreviewMode = keyof typeof HEADLINES

/** The note itself; how to switch to fal.ai is the operator's business, so only the operator reads it. */
export function OfflinePreviewNoticeBody({ mode }: { mode: PreviewMode }) {
  const { isAdmin } = usePage<SharedProps>().props
  return (
    <div
      role="note"
      data-testid="offline-preview"
      className="flex items-start gap-2 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <Laptop className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">{HEADLINES[mode]}</strong>
        {isAdmin && ' Set AI_DRIVER=fal and FAL_KEY in .env to generate with fal.ai.'}
      </p>
    </div>
  )
}
