import type { ReactNode } from 'react'
import { Label } from '~/components/ui/label'

/**
 * A labelled control with its hint, or its refusal in place of the hint.
 * The refusal is `<id>-error`, for the control's `aria-describedby`.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

/** A field's refusal; one that comes a problem a line (a CSV's bad rows) is a list. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  const lines = error.split('\n')
  if (lines.length === 1) {
    return (
      <p id={id} className="text-sm text-destructive">
        {error}
      </p>
    )
  }
  return (
    <ul id={id} className="list-disc space-y-0.5 pl-5 text-sm text-destructive">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}
