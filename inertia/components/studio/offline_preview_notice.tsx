import { Suspense } from 'react'
import { usePage } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import type { PreviewMode } from '~/components/studio/offline_preview_notice_body'
import { lazyNamed } from '~/lib/lazy'

const OfflinePreviewNoticeBody = lazyNamed(
  () => import('~/components/studio/offline_preview_notice_body'),
  'OfflinePreviewNoticeBody'
)

/**
 * With the local AI driver the pictures and clips are made on this machine:
 * said where a creator looks at them. Only that driver shows it, so its
 * words load only then, not with every studio page.
 */
export function OfflinePreviewNotice({ mode }: { mode: PreviewMode }) {
  const { offlinePreview } = usePage<SharedProps>().props
  if (!offlinePreview) return null
  return (
    <Suspense fallback={null}>
      <OfflinePreviewNoticeBody mode={mode} />
    </Suspense>
  )
}
