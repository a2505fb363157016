import { ChevronDownIcon } from 'lucide-react'
import type { ChangeEvent, ComponentProps } from 'react'
import { cn } from '~/lib/utils'

type SelectProps = ComponentProps<'select'> & {
  /** Called with the chosen option's value. */
  onValueChange?: (value: string) => void
}

/**
 * The platform's <select>, styled like the inputs: the phone's own picker on
 * mobile, type-ahead and arrow keys on desktop, and a form value without a
 * hidden input. Options are <option> (and <optgroup>) children.
 */
function Select({ className, onValueChange, onChange, ...props }: SelectProps) {
  return (
    <div data-slot="select" className={cn('relative', className)}>
      <select
        className="peer h-9 w-full appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-base shadow-xs outline-none transition-[color,border-color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm dark:bg-input/30 dark:aria-invalid:ring-destructive/40 [&_option]:bg-popover [&_option]:text-popover-foreground"
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          onChange?.(event)
          onValueChange?.(event.target.value)
        }}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground opacity-50 peer-disabled:opacity-25"
      />
    </div>
  )
}

export { Select }
