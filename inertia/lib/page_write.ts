import { router } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { toast } from '~/lib/toast'

type Errors = Record<string, string>
type Payload = NonNullable<NonNullable<Parameters<typeof router.visit>[1]>['data']>

/** How a refused write is named in its toast: the page's own words, the server's reason beneath. */
export type WriteFailure = { title: string; description?: string }

let pendingFailure: WriteFailure | null = null

/**
 * The refused write's toast: its page's title over the server's reason.
 * The flash arrives with the answer to the visit that set the title, so
 * the toast that shows the flash takes it (and only once).
 */
export function failureToast(reason: string) {
  const failure = pendingFailure
  pendingFailure = null
  if (!failure) return toast.error(reason)
  return toast.error(failure.title, { description: failure.description ?? reason })
}

type PageWriteOptions = {
  /** The toast's title (and fixed description) when the write is refused. */
  failure?: WriteFailure
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
  { preserveScroll = true, onErrors, failure }: PageWriteOptions = {}
) {
  return new Promise<boolean>((resolve) => {
    let done = false
    pendingFailure = failure ?? null
    router.visit(url, {
      method,
      data,
      preserveScroll,
      preserveState: true,
      onSuccess: (page) => {
        done = !(page.props as unknown as SharedProps).flash.error
        // Accepted: no refusal will take the title (the flash toast does when refused).
        if (done) pendingFailure = null
      },
      onError: (errors) => {
        if (onErrors?.(errors)) {
          pendingFailure = null
          return
        }
        const [first] = Object.values(errors)
        if (first) failureToast(first)
      },
      onFinish: () => resolve(done),
    })
  })
}
