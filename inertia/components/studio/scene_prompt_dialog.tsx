import { useState, type ReactNode } from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'

/** What the scenes API accepts (app/studio/validators/scene.ts). */
const SCENE_PROMPT_MAX_CHARS = 2000

type ScenePromptDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactNode
  title: string
  description: string
  promptId: string
  /** The text the dialog starts from, and returns to once submitted. */
  initialPrompt: string
  /** Start again from initialPrompt each time it opens (an edit), rather than keep a draft. */
  resetOnOpen?: boolean
  placeholder?: string
  submitLabel: string
  busyLabel: string
  /** Resolves to true once done (the page shows the toasts); the dialog then closes. */
  onSubmit: (prompt: string) => Promise<boolean>
  /** More fields under the prompt. */
  children?: ReactNode
}

/** The storyboard's Add Scene and Edit Scene dialogs: a scene prompt, submitted trimmed. */
export function ScenePromptDialog({
  trigger,
  title,
  description,
  promptId,
  initialPrompt,
  resetOnOpen = false,
  placeholder,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: ScenePromptDialogProps) {
  const [open, setOpen] = useState(false)
  const [prompt, setPrompt] = useState(initialPrompt)
  const [busy, setBusy] = useState(false)

  function handleOpenChange(next: boolean) {
    if (next && resetOnOpen) {
      setPrompt(initialPrompt)
    }
    setOpen(next)
  }

  async function submit() {
    if (!prompt.trim() || busy) {
      return
    }
    setBusy(true)
    const done = await onSubmit(prompt.trim())
    setBusy(false)
    if (done) {
      setPrompt(initialPrompt)
      setOpen(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={promptId}>Prompt</Label>
            <Textarea
              id={promptId}
              value={prompt}
              maxLength={SCENE_PROMPT_MAX_CHARS}
              onChange={(event) => setPrompt(event.target.value)}
              placeholder={placeholder}
              className="min-h-32!"
            />
          </div>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!prompt.trim() || busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {busy ? busyLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
