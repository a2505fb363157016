import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'

/**
 * A roving-focus radio group (arrow keys move and select, Tab leaves the
 * group). Items are unstyled buttons so callers can render them as cards.
 */
function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      className={cn('grid gap-3', className)}
      {...props}
    />
  )
}

/**
 * A selectable card: bordered, with a ring when checked. Children must be
 * phrasing content (spans), since the item is a <button>.
 */
function RadioCard({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-card"
      className={cn(
        'relative rounded-lg border border-input bg-background text-left shadow-xs transition-[color,background-color,border-color,box-shadow]',
        'outline-offset-2 outline-ring hover:bg-accent/50 focus-visible:outline-2',
        'data-[state=checked]:border-primary data-[state=checked]:ring-2 data-[state=checked]:ring-primary',
        'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-background',
        className
      )}
      {...props}
    />
  )
}

export { RadioGroup, RadioCard }
