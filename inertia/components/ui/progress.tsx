import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'

type ProgressProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** Done so far, 0..max; null while unknown (the bar pulses). */
  value?: number | null
  max?: number
}

function Progress({ className, value, max = 100, ...props }: ProgressProps) {
  const known = value !== null && value !== undefined
  const clamped = known ? Math.min(Math.max(value, 0), max) : 0
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={known ? clamped : undefined}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn(
          'h-full w-full bg-primary transition-transform duration-500 ease-out',
          !known && 'animate-pulse'
        )}
        style={known ? { transform: `translateX(-${100 - (clamped / max) * 100}%)` } : undefined}
      />
    </div>
  )
}

export { Progress }
