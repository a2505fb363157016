import { Toaster } from '~/components/ui/sonner'
import { useFlashToasts } from '~/hooks/use_flash_toasts'

export function Toasts() {
  useFlashToasts()
  return <Toaster />
}
