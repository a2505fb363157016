import { router } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { toast } from '~/lib/toast'

type Errors = Record<string, string>
type Payload = NonNullable<NonNullable<Parameters<typeof router.visit>[1]>['data']>

type PageWriteOptions = {
  /** Keep the scroll position: the answer is this page again (the default). */
  preserveScroll?: boolean
  /**
   * The field errors the page shows itself; returns true when it did, else
   * the first message is a toast.
   */
  onErrors?: (errors: Errors) => boolean
}

/**
 * A write sent as an Inertia visit to one of the pages' routes: the server
 * answers with the page as it now is (or the next page), its message a flash
 * toast. One round trip, no response type of our own. Resolves whether the
 * write was done: false when it was refused (a flash error or field errors)
 * or never arrived.
 */
export function pageWrite(
  method: 'post' | 'patch' | 'delete',
  url: string,
  data: Payload = {},
  { preserveScroll = true, onErrors }: PageWriteOptions = {}
) {
  return new Promise<boolean>((resolve) => {
    let done = false
    router.visit(url, {
      method,
      data,
      preserveScroll,
      preserveState: true,
      onSuccess: (page) => {
        done = !(page.props as unknown as SharedProps).flash.error
      },
      onError: (errors) => {
        if (!onErrors?.(errors)) {
          const [first] = Object.values(errors)
          if (first) toast.error(first)
        }
      },
      onFinish: () => resolve(done),
    })
  })
}
