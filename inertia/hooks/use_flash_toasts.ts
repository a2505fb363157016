import { useEffect } from 'react'
import { usePage } from '@inertiajs/react'
import { refusalToast } from '~/hooks/use_page_write'
import { toast } from '~/lib/toast'
import type { SharedProps } from '@adonisjs/inertia/types'

/**
 * Turns the server's flash messages into toasts, once per page visit: each
 * answer brings its own `flash`, so the same message twice in a row (two
 * scenes deleted) is two toasts. A flash error is a refused write's
 * (use_page_write.ts).
 */
export function useFlashToasts() {
  const { flash } = usePage<SharedProps>().props

  useEffect(() => {
    if (flash.error) {
      refusalToast(flash.error)
    } else if (flash.success) {
      toast.success(flash.success)
    }
  }, [flash])
}
