import { router } from '@inertiajs/react'
import { useState, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react'

type Method = 'post' | 'put' | 'patch' | 'delete'
type FormState<Fields> = {
  errors: Partial<Record<keyof Fields & string, string>>
  processing: boolean
}

type RouteFormProps<Fields> = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'action' | 'method' | 'children' | 'onSubmit'
> & {
  /** The URL, from `client.urlFor(name, params)`. */
  action: string
  method?: Method
  resetOnSuccess?: boolean
  preserveScroll?: boolean
  children: (state: FormState<Fields>) => ReactNode
}

/**
 * A form whose flat fields are sent through the Inertia router: the server
 * answers with the next page, or redirects back with the fields' errors,
 * which the render prop receives. It stands in for Inertia's `<Form>`, whose
 * precognition, file and nested-field support would ride in every page's
 * first load for the three small forms that need none of it.
 */
export function RouteForm<Fields extends Record<string, unknown>>({
  action,
  method = 'post',
  resetOnSuccess = false,
  preserveScroll = false,
  children,
  ...attributes
}: RouteFormProps<Fields>) {
  const [errors, setErrors] = useState<FormState<Fields>['errors']>({})
  const [processing, setProcessing] = useState(false)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    router.visit(action, {
      method,
      data: Object.fromEntries(new FormData(form)),
      // Refused: the form stays as typed, with its errors; accepted: the next page as it comes.
      preserveState: 'errors',
      preserveScroll,
      onStart: () => setProcessing(true),
      onSuccess: () => {
        setErrors({})
        if (resetOnSuccess) form.reset()
      },
      onError: (next) => setErrors(next as FormState<Fields>['errors']),
      onFinish: () => setProcessing(false),
    })
  }

  return (
    <form {...attributes} action={action} method="post" onSubmit={submit}>
      {children({ errors, processing })}
    </form>
  )
}
