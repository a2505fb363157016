import type { ChangeEvent, ComponentProps } from 'react'
import { cn } from '~/lib/utils'

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  onCheckedChange?: (checked: boolean) => void
}

/** The platform's checkbox, sized and tinted like the other controls. */
function Checkbox({ className, onCheckedChange, onChange, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        'peer size-4 shrink-0 cursor-pointer rounded-[4px] accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
        className
      )}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onChange?.(event)
        onCheckedChange?.(event.target.checked)
      }}
      {...props}
    />
  )
}

export { Checkbox }
