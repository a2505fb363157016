import type { ReactNode } from 'react'
import { Label } from '~/components/ui/label'

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
