import { useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Coins } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'

type InsufficientCreditsDialogProps = {
  /** Credits still missing; null keeps the dialog closed. */
  missing: number | null
  onClose: () => void
}

export function InsufficientCreditsDialog({ missing, onClose }: InsufficientCreditsDialogProps) {
  // Keep the last number on screen while the dialog animates closed
  const [shown, setShown] = useState(missing ?? 0)
  if (missing !== null && missing !== shown) {
    setShown(missing)
  }

  return (
    <Dialog open={missing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Coins className="size-5 text-primary" aria-hidden />
            Insufficient credits
          </DialogTitle>
          <DialogDescription>{`You need ${shown} more credits`}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Upgrade your plan or buy a credit pack to generate this video.
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button asChild>
            <Link route="billing.plans.show" qs={{ need: shown }}>
              View Plans
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
