import { XIcon } from 'lucide-react'
import { useLayoutEffect, useRef } from 'react'
import type { ComponentProps } from 'react'
import { createPortal } from 'react-dom'
import { Dialog, DialogClose, DialogTrigger, useDialog } from '~/components/ui/dialog_root'
import { cn } from '~/lib/utils'

/*
|--------------------------------------------------------------------------
| Dialogs on the platform's <dialog>
|--------------------------------------------------------------------------
|
| `showModal()` gives the focus trap, the inert page behind, Esc and the
| top layer for free; this file adds what React needs around it: ids
| tying the title and description to the dialog, focus given back to the
| opener, and a scroll lock (app.css). The open state (controlled or not)
| and the trigger are in dialog_root.tsx. Alert dialogs and sheets are the
| same surface with another role or shape.
|
*/

type SurfaceProps = ComponentProps<'dialog'> & {
  /** `alertdialog` asks for an answer: a click outside does not dismiss it. */
  role?: 'dialog' | 'alertdialog'
  showCloseButton?: boolean
  /** Classes of the body inside the <dialog>; `className` places and sizes the <dialog> itself. */
  bodyClassName?: string
}

const closeButtonClass =
  "absolute top-4 right-4 rounded-sm opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4"

/** The open dialog, shown modal in the top layer; rendered only while open. */
function DialogSurface({
  role = 'dialog',
  showCloseButton = true,
  bodyClassName,
  className,
  children,
  onClick,
  ...props
}: SurfaceProps) {
  const { open, setOpen, titleId, descriptionId } = useDialog()
  const ref = useRef<HTMLDialogElement>(null)

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const opener = document.activeElement
    dialog.showModal()
    return () => {
      if (dialog.open) dialog.close()
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [open])

  if (!open) return null
  return createPortal(
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-slot="dialog-content"
      className={cn(
        'overflow-y-auto p-0 shadow-lg outline-none backdrop:bg-black/50 backdrop:animate-in backdrop:fade-in-0',
        className
      )}
      onCancel={(event) => {
        event.preventDefault()
        setOpen(false)
      }}
      onClick={(event) => {
        onClick?.(event)
        // A click on the <dialog> itself, not its body, landed on the backdrop.
        if (role === 'dialog' && event.target === event.currentTarget) setOpen(false)
      }}
      {...props}
    >
      <div className={bodyClassName}>{children}</div>
      {showCloseButton && (
        <button
          type="button"
          data-slot="dialog-close"
          className={closeButtonClass}
          onClick={() => setOpen(false)}
        >
          <XIcon aria-hidden="true" />
          <span className="sr-only">Close</span>
        </button>
      )}
    </dialog>,
    document.body
  )
}

const contentClass =
  'fixed inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] rounded-lg border bg-background text-foreground duration-200 animate-in fade-in-0 zoom-in-95'

type ContentProps = Omit<SurfaceProps, 'role' | 'bodyClassName'> & {
  /** `wide` for media (a clip's preview), `default` for forms and questions. */
  size?: 'default' | 'wide'
}

/** A centred modal dialog with a close button; a click on the backdrop or Esc dismisses it. */
function DialogContent({ className, size = 'default', ...props }: ContentProps) {
  return (
    <DialogSurface
      className={cn(contentClass, size === 'wide' ? 'sm:max-w-3xl' : 'sm:max-w-lg', className)}
      bodyClassName="grid gap-4 p-6"
      {...props}
    />
  )
}

function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 text-center sm:text-left', className)}
      {...props}
    />
  )
}

function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  )
}

function DialogTitle({ className, ...props }: ComponentProps<'h2'>) {
  const { titleId } = useDialog()
  return (
    <h2
      id={titleId}
      data-slot="dialog-title"
      className={cn('text-lg font-semibold leading-none', className)}
      {...props}
    />
  )
}

function DialogDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useDialog()
  return (
    <p
      id={descriptionId}
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  )
}

export {
  Dialog,
  DialogTrigger,
  DialogClose,
  DialogSurface,
  DialogContent,
  contentClass,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  useDialog,
}
