import { Suspense, useState, type ReactNode } from 'react'
import { Dialog, DialogTrigger } from '~/components/ui/dialog_root'
import { lazyNamed } from '~/lib/lazy'

const ConfirmDialogBody = lazyNamed(
  () => import('~/components/confirm_dialog_body'),
  'ConfirmDialogBody'
)

type ConfirmDialogProps = {
  /** The button that opens the confirmation. */
  trigger: ReactNode
  title: string
  description: string
  /** The confirm button's label, and its label while the action runs. */
  confirmLabel?: string
  busyLabel: string
  /** Red for what cannot be undone (the default); the plain primary button for the rest. */
  tone?: 'destructive' | 'default'
  /** Resolves to true once done (the page shows the toasts); the dialog then closes. */
  onConfirm: () => Promise<boolean>
}

/**
 * A destructive action's confirmation (deletion unless told otherwise), kept
 * open until the request settles. The page paints with the trigger; the
 * question itself loads right after (a closed dialog renders nothing).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel = 'Delete',
  busyLabel,
  tone = 'destructive',
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)

  async function confirm() {
    setBusy(true)
    try {
      if (await onConfirm()) {
        setOpen(false)
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <Suspense fallback={null}>
        <ConfirmDialogBody
          title={title}
          description={description}
          confirmLabel={confirmLabel}
          busyLabel={busyLabel}
          tone={tone}
          busy={busy}
          onConfirm={() => void confirm()}
        />
      </Suspense>
    </Dialog>
  )
}
