import { Loader2 } from 'lucide-react'
import {
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert_dialog'

type ConfirmDialogBodyProps = {
  title: string
  description: string
  confirmLabel: string
  busyLabel: string
  tone: 'destructive' | 'default'
  busy: boolean
  onConfirm: () => void
}

/** ConfirmDialog's question and buttons, loaded after the page paints. */
export function ConfirmDialogBody({
  title,
  description,
  confirmLabel,
  busyLabel,
  tone,
  busy,
  onConfirm,
}: ConfirmDialogBodyProps) {
  return (
    // Clicks inside stay here: the trigger may sit on a card that is a link.
    <AlertDialogContent onClick={(event) => event.stopPropagation()}>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
        <AlertDialogAction
          variant={tone}
          disabled={busy}
          onClick={(event) => {
            event.preventDefault()
            onConfirm()
          }}
        >
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {busy ? busyLabel : confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  )
}
