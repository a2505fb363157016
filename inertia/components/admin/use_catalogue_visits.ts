import { useState } from 'react'
import { router } from '@inertiajs/react'
import { toast } from '~/lib/toast'

type Method = 'post' | 'put' | 'patch' | 'delete'
type RequestPayload = NonNullable<Parameters<typeof router.post>[1]>
type Errors = Record<string, string>

/**
 * A visit, and what a refusal shows: a toast with the first error as its
 * description, or the caller's own. Success comes back from the server as a flash.
 */
type Visit = {
  method: Method
  url: string
  data?: RequestPayload
  failure: string | ((errors: Errors) => void)
}

/**
 * Sends one catalogue write (a plan, coupon, pack, or a track of the music
 * library) as an Inertia visit that reloads only the panel's prop. `send`
 * resolves to whether it was accepted.
 */
export function useCatalogueVisits(prop: string) {
  const [errors, setErrors] = useState<Errors>({})
  const [running, setRunning] = useState<Method | null>(null)

  function send({ method, url, data = {}, failure }: Visit) {
    return new Promise<boolean>((resolve) => {
      router.visit(url, {
        method,
        data,
        only: [prop],
        preserveState: true,
        preserveScroll: true,
        onStart: () => {
          setRunning(method)
          setErrors({})
        },
        onSuccess: () => resolve(true),
        onError: (next) => {
          setErrors(next)
          if (typeof failure === 'function') failure(next)
          else toast.error(failure, { description: next.form ?? Object.values(next)[0] })
          resolve(false)
        },
        onCancel: () => resolve(false),
        onFinish: () => setRunning(null),
      })
    })
  }

  return {
    errors,
    /** A visit is on its way; `running` says which kind (a deletion keeps its dialog, not the table). */
    pending: running !== null,
    running,
    send,
    /** Forgets the named fields' errors, or all of them. */
    clearErrors: (...names: string[]) =>
      setErrors((current) =>
        names.length === 0
          ? {}
          : Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name)))
      ),
  }
}
