import { Loader2, Sparkles } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { DialogClose, DialogFooter } from '~/components/ui/dialog'
import type { ApiError } from '~/lib/api'
import { toast } from '~/lib/toast'

/*
|--------------------------------------------------------------------------
| What the script writer's dialogs share
|--------------------------------------------------------------------------
|
| "Generate Script with AI" on /setup and "Generate topics" on /series:
| the same footer, and the same toast when the paid-call limit says wait.
|
*/

/** Cancel, and Generate with a spinner while the writer works. */
export function GenerateFooter({
  disabled,
  generating,
}: {
  disabled: boolean
  generating: boolean
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={disabled}>
        {generating ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
        {generating ? 'Generating...' : 'Generate'}
      </Button>
    </DialogFooter>
  )
}

/** A 429's message ("Too many requests…"), with when to try again. */
export function rateLimitToast(error: ApiError) {
  toast.error(error.message, {
    description: error.retryAfter ? `You can try again in ${error.retryAfter} s.` : undefined,
  })
}
