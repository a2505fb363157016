import type { ComponentProps } from 'react'
import { Dialog, DialogSurface, DialogTitle } from '~/components/ui/dialog'
import { cn } from '~/lib/utils'

/** A panel that slides in from an edge: a modal dialog full height on the left or right. */
const Sheet = Dialog
const SheetTitle = DialogTitle

type SheetContentProps = Omit<ComponentProps<typeof DialogSurface>, 'role' | 'bodyClassName'> & {
  side?: 'left' | 'right'
}

function SheetContent({ side = 'right', className, ...props }: SheetContentProps) {
  return (
    <DialogSurface
      className={cn(
        'fixed inset-y-0 m-0 h-dvh max-h-none max-w-none duration-300 animate-in',
        side === 'left'
          ? 'right-auto left-0 border-r slide-in-from-left'
          : 'right-0 left-auto border-l slide-in-from-right',
        className
      )}
      bodyClassName="flex h-full flex-col"
      {...props}
    />
  )
}

export { Sheet, SheetContent, SheetTitle }
