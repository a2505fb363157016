import { Suspense } from 'react'
import { useFlashToasts } from '~/hooks/use_flash_toasts'
import { lazyNamed } from '~/lib/lazy'

const Toaster = lazyNamed(() => import('~/components/ui/sonner'), 'Toaster')

export function Toasts() {
  useFlashToasts()
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
