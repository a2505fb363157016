import { useEffect } from 'react'
import { usePage } from '@inertiajs/react'
import { toast } from '~/lib/toast'
import type { SharedProps } from '@adonisjs/inertia/types'

/**
 * Turns the server's flash messages into toasts, once per page visit: the
 * same message twice in a row (two plans created) toasts twice.
 */
export function useFlashToasts() {
  const page = usePage<SharedProps>()

  useEffect(() => {
    const { flash } = page.props
    if (flash.error) {
      toast.error(flash.error)
    } else if (flash.success) {
      toast.success(flash.success)
    }
  }, [page])
}
