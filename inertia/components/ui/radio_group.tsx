import { createContext, use, useId } from 'react'
import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'

type Group = {
  name: string
  value?: string
  onValueChange?: (value: string) => void
  disabled?: boolean
}

const GroupContext = createContext<Group | null>(null)

type RadioGroupProps = Omit<ComponentProps<'div'>, 'onChange' | 'defaultValue'> & {
  value?: string
  onValueChange?: (value: string) => void
  disabled?: boolean
  name?: string
}

/**
 * Native radios sharing a name: arrow keys move and select, Tab leaves the
 * group. Lay the items out with the group's `className` (a grid and its gap).
 */
function RadioGroup({
  value,
  onValueChange,
  disabled,
  name,
  className,
  ...props
}: RadioGroupProps) {
  const generated = useId()
  return (
    <GroupContext value={{ name: name ?? generated, value, onValueChange, disabled }}>
      <div role="radiogroup" data-slot="radio-group" className={cn('grid', className)} {...props} />
    </GroupContext>
  )
}

type RadioCardProps = Omit<ComponentProps<'label'>, 'htmlFor'> & {
  value: string
  disabled?: boolean
}

/**
 * A selectable card: a label around a visually hidden radio, bordered, with
 * a ring when checked; `data-state` (checked | unchecked) is there for
 * `group-data-[state=checked]:` styles inside. Children are phrasing content.
 */
function RadioCard({ value, disabled, className, children, ...props }: RadioCardProps) {
  const group = use(GroupContext)
  if (!group) throw new Error('<RadioCard> must be rendered inside <RadioGroup>')
  const checked = group.value === value
  const off = disabled || group.disabled
  return (
    <label
      data-slot="radio-card"
      data-state={checked ? 'checked' : 'unchecked'}
      data-disabled={off ? '' : undefined}
      className={cn(
        'relative cursor-pointer rounded-lg border border-input bg-background text-left shadow-xs transition-[color,background-color,border-color,box-shadow]',
        'outline-offset-2 outline-ring hover:bg-accent/50 has-focus-visible:outline-2',
        'data-[state=checked]:border-primary data-[state=checked]:ring-2 data-[state=checked]:ring-primary',
        'data-disabled:cursor-not-allowed data-disabled:opacity-60 data-disabled:hover:bg-background',
        className
      )}
      {...props}
    >
      <input
        type="radio"
        className="sr-only"
        name={group.name}
        value={value}
        checked={checked}
        disabled={off}
        onChange={() => group.onValueChange?.(value)}
      />
      {children}
    </label>
  )
}

export { RadioGroup, RadioCard }
