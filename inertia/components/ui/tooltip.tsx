import { useId, useRef } from 'react'
import type { KeyboardEvent, ReactElement, SyntheticEvent } from 'react'
import { Slot } from '~/components/ui/slot'

const GAP = 6

type TooltipProps = {
  label: string
  side?: 'top' | 'right'
  /** The element described; it must take focus, pointer and keyboard props. */
  children: ReactElement
}

/**
 * A label shown on hover and on keyboard focus, in the top layer (a manual
 * popover) so a scrolling sidebar does not clip it; Esc hides it.
 */
function Tooltip({ label, side = 'top', children }: TooltipProps) {
  const id = useId()
  const tip = useRef<HTMLSpanElement>(null)

  function show(event: SyntheticEvent<HTMLElement>) {
    const element = tip.current
    if (!element || element.matches(':popover-open')) return
    element.showPopover()
    const anchor = event.currentTarget.getBoundingClientRect()
    const own = element.getBoundingClientRect()
    const [left, top] =
      side === 'right'
        ? [anchor.right + GAP, anchor.top + (anchor.height - own.height) / 2]
        : [anchor.left + (anchor.width - own.width) / 2, anchor.top - own.height - GAP]
    element.style.left = `${Math.max(GAP, left)}px`
    element.style.top = `${Math.max(GAP, top)}px`
  }

  function hide() {
    if (tip.current?.matches(':popover-open')) tip.current.hidePopover()
  }

  return (
    <>
      <Slot
        aria-describedby={id}
        onPointerEnter={show}
        onPointerLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event: KeyboardEvent) => event.key === 'Escape' && hide()}
      >
        {children}
      </Slot>
      <span
        ref={tip}
        id={id}
        role="tooltip"
        popover="manual"
        className="pointer-events-none fixed inset-auto m-0 w-max max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background animate-in fade-in-0 zoom-in-95"
      >
        {label}
      </span>
    </>
  )
}

export { Tooltip }
