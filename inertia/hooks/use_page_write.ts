import { useState, type FormEvent } from 'react'
import { router } from '@inertiajs/react'
import type { SharedProps } from '@adonisjs/inertia/types'
import { toast } from '~/lib/toast'

type Method = 'post' | 'put' | 'patch' | 'delete'
type Errors = Record<string, string>
type Payload = NonNullable<NonNullable<Parameters<typeof router.visit>[1]>['data']>

/** A refused write's toast: the page's own words, the server's reason beneath (or `description`). */
export type Refusal = { title: string; description?: string }

type WriteOptions = {
  refusal?: Refusal
  /** The fields the page shows beside its controls: their errors stay there, not in a toast. */
  fields?: readonly string[]
  /** Reloads only these props of the page that answers (a panel's rows). */
  only?: string[]
  /** Keep the scroll position: the answer is this page again (the default). */
  preserveScroll?: boolean
  /** A refusal the page answers itself (a dialog, say): true when it did, then no toast. */
  onRefused?: (errors: Errors) => boolean
}

let awaiting: Refusal | null = null

/**
 * A refusal, shown once: the toast under the title of the write that was
 * refused. A flash error comes with the page that answers the write, so the
 * flash toast (use_flash_toasts.ts) shows it with the title set here.
 */
export function refusalToast(reason: string) {
  const refusal = awaiting
  awaiting = null
  if (!refusal) return toast.error(reason)
  return toast.error(refusal.title, { description: refusal.description ?? reason })
}

/**
 * A page's writes, each one Inertia visit to a named route: the server
 * answers with the page as it now is (or the next page), its message a flash
 * toast. A write is refused when the answer carries a flash error or field
 * errors; the errors of `fields` stay in `errors` for the page to show, any
 * other reason is a toast titled with the page's words (`refusal`). Built on
 * `router.visit`, the call Inertia's `useForm` submits through: `useForm`
 * itself brings its precognition validator along, 3.8 kB gzip more on every
 * page that writes (`npm run bench:pages`), past the storyboard's budget.
 */
export function usePageWrite() {
  const [errors, setErrors] = useState<Errors>({})
  const [running, setRunning] = useState<Method | null>(null)

  /** Sends one write; resolves whether it was done (false: refused, or it never arrived). */
  function send(
    method: Method,
    url: string,
    data: Payload = {},
    { refusal, fields = [], only, preserveScroll = true, onRefused }: WriteOptions = {}
  ) {
    return new Promise<boolean>((resolve) => {
      let done = false
      awaiting = refusal ?? null
      router.visit(url, {
        method,
        data,
        only,
        preserveScroll,
        preserveState: true,
        onStart: () => {
          setRunning(method)
          setErrors({})
        },
        onSuccess: (page) => {
          done = !(page.props as unknown as SharedProps).flash.error
          // Accepted: no flash error will take the title.
          if (done) awaiting = null
        },
        onError: (next) => {
          const shown = Object.keys(next).some((name) => fields.includes(name))
          if (shown) setErrors(next)
          if (shown || onRefused?.(next)) {
            awaiting = null
            return
          }
          refusalToast(next.form ?? Object.values(next)[0] ?? '')
        },
        onFinish: () => {
          setRunning(null)
          resolve(done)
        },
      })
    })
  }

  /** A `<form>`'s submit: its flat fields sent as the write; `reset` empties it once done. */
  function submit(
    method: Method,
    url: string,
    { reset = false, ...options }: WriteOptions & { reset?: boolean } = {}
  ) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const form = event.currentTarget
      void send(method, url, Object.fromEntries(new FormData(form)), options).then((done) => {
        if (done && reset) form.reset()
      })
    }
  }

  return {
    send,
    submit,
    /** The errors of the page's fields from the last refused write. */
    errors,
    /** A write is on its way; `running` says which kind (a deletion keeps its dialog, not the table). */
    processing: running !== null,
    running,
    /** Forgets the named fields' errors, or all of them. */
    clearErrors: (...names: string[]) =>
      setErrors((current) =>
        names.length === 0
          ? {}
          : Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name)))
      ),
  }
}
