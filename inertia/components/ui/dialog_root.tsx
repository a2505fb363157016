import { createContext, use, useCallback, useId, useState } from 'react'
import type { ComponentProps, MouseEvent, ReactNode } from 'react'
import { Slot } from '~/components/ui/slot'

/*
|--------------------------------------------------------------------------
| A dialog's state and its trigger
|--------------------------------------------------------------------------
|
| What a page needs to paint a closed dialog: the open state and the button
| that opens it. The surface (dialog.tsx) and a dialog's body can then load
| after the page paints (see ConfirmDialog), without moving this context:
| both halves import this one module.
|
*/

type DialogState = {
  open: boolean
  setOpen: (open: boolean) => void
  titleId: string
  descriptionId: string
}

const DialogContext = createContext<DialogState | null>(null)

function useDialog() {
  const state = use(DialogContext)
  if (!state) throw new Error('Dialog parts must be rendered inside <Dialog>')
  return state
}

type DialogProps = {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  children?: ReactNode
}

function Dialog({ open: controlled, defaultOpen = false, onOpenChange, children }: DialogProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen)
  const id = useId()
  const setOpen = useCallback(
    (next: boolean) => {
      if (controlled === undefined) setUncontrolled(next)
      onOpenChange?.(next)
    },
    [controlled, onOpenChange]
  )
  const state = {
    open: controlled ?? uncontrolled,
    setOpen,
    titleId: `${id}title`,
    descriptionId: `${id}description`,
  }
  return <DialogContext value={state}>{children}</DialogContext>
}

function DialogTrigger({
  asChild = false,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { open, setOpen } = useDialog()
  const Comp = asChild ? Slot : 'button'
  return (
    <Comp
      type={asChild ? undefined : 'button'}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-slot="dialog-trigger"
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event)
        if (!event.defaultPrevented) setOpen(true)
      }}
      {...props}
    />
  )
}

function DialogClose({
  asChild = false,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { setOpen } = useDialog()
  const Comp = asChild ? Slot : 'button'
  return (
    <Comp
      type={asChild ? undefined : 'button'}
      data-slot="dialog-close"
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event)
        if (!event.defaultPrevented) setOpen(false)
      }}
      {...props}
    />
  )
}

export { Dialog, DialogTrigger, DialogClose, useDialog }
