import type { VariantProps } from 'class-variance-authority'
import type { ComponentProps, MouseEvent } from 'react'
import { buttonVariants } from '~/components/ui/button'
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogSurface,
  DialogTrigger,
  contentClass,
  useDialog,
} from '~/components/ui/dialog'
import { cn } from '~/lib/utils'

/** A dialog that asks for an answer: role alertdialog, no close button, no dismissal by a click outside. */
const AlertDialog = Dialog
const AlertDialogTrigger = DialogTrigger
const AlertDialogHeader = DialogHeader
const AlertDialogFooter = DialogFooter
const AlertDialogDescription = DialogDescription

function AlertDialogContent({ className, ...props }: Omit<ComponentProps<'dialog'>, 'role'>) {
  return (
    <DialogSurface
      role="alertdialog"
      showCloseButton={false}
      className={cn(contentClass, 'sm:max-w-lg', className)}
      bodyClassName="grid gap-4 p-6"
      {...props}
    />
  )
}

function AlertDialogTitle({ className, ...props }: ComponentProps<'h2'>) {
  const { titleId } = useDialog()
  return (
    <h2
      id={titleId}
      data-slot="alert-dialog-title"
      className={cn('text-lg font-semibold', className)}
      {...props}
    />
  )
}

type ActionProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants>

/** Answers and closes, unless its click handler calls `preventDefault()` to close later itself. */
function AlertDialogAction({ className, variant, size, onClick, ...props }: ActionProps) {
  const { setOpen } = useDialog()
  return (
    <button
      type="button"
      data-slot="alert-dialog-action"
      className={cn(buttonVariants({ variant, size }), className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event)
        if (!event.defaultPrevented) setOpen(false)
      }}
      {...props}
    />
  )
}

function AlertDialogCancel({ className, variant = 'outline', size, ...props }: ActionProps) {
  return (
    <AlertDialogAction
      data-slot="alert-dialog-cancel"
      className={className}
      variant={variant}
      size={size}
      {...props}
    />
  )
}

export {
  AlertDialog,
  AlertDialogTrigger,
  AlertDialogContent,
  AlertDialogHeader,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogDescription,
  AlertDialogAction,
  AlertDialogCancel,
}
