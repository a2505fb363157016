import { lazy, Suspense } from 'react'
import { useFlashToasts } from '~/hooks/use_flash_toasts'

const Toaster = lazy(() =>
  import('~/components/ui/sonner').then((module) => ({ default: module.Toaster }))
)

export function Toasts() {
  useFlashToasts()
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
