import { useState, type ReactNode } from 'react'
import { toast } from '~/lib/toast'
import { Label } from '~/components/ui/label'
import { ApiError, apiRequest } from '~/lib/api'

type Method = 'POST' | 'PATCH' | 'DELETE'

function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {}
  const body = error.body
  if (typeof body !== 'object' || body === null || !('errors' in body)) return {}
  if (!Array.isArray(body.errors)) return {}
  return Object.fromEntries(
    body.errors.map((entry: { field: string; message: string }) => [entry.field, entry.message])
  )
}

/**
 * An admin form's request: the spec's toast on success or failure (with the
 * server's reason), the 422's messages kept by field for inline display.
 */
export function useAdminRequest() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)

  async function send(
    method: Method,
    path: string,
    body: unknown,
    messages: { success: string; failure: string }
  ) {
    setPending(true)
    setErrors({})
    try {
      await apiRequest(method, path, body)
      toast.success(messages.success)
      return true
    } catch (error) {
      setErrors(fieldErrorsOf(error))
      toast.error(messages.failure, {
        description: error instanceof Error ? error.message : undefined,
      })
      return false
    } finally {
      setPending(false)
    }
  }

  return { errors, pending, send, clearErrors: () => setErrors({}) }
}

export function Field({
  label,
  id,
  error,
  children,
}: {
  label: string
  id: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p className="text-sm text-destructive" data-error-for={id}>
          {error}
        </p>
      )}
    </div>
  )
}

/** '' stays '' (the server says it is required); anything else is sent as a number. */
export function numberOrBlank(value: string) {
  return value.trim() === '' ? '' : Number(value)
}

export const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
