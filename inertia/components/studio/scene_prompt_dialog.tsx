import { Suspense, useState, type ReactNode } from 'react'
import { Dialog, DialogTrigger } from '~/components/ui/dialog_root'
import { lazyNamed } from '~/lib/lazy'

const ScenePromptDialogBody = lazyNamed(
  () => import('~/components/studio/scene_prompt_dialog_body'),
  'ScenePromptDialogBody'
)

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
  /** A scene's fixed length, shown read-only under the prompt (Edit Scene). */
  fixedSeconds?: number
  /** Fields above the prompt (Image to Video: the scene's picture). */
  extra?: ReactNode
  /** False while the extra fields are not ready to submit. */
  ready?: boolean
  /** Called as the dialog opens or closes. */
  onOpenChange?: (open: boolean) => void
}

/**
 * The storyboard's Add Scene and Edit Scene dialogs: a scene prompt, submitted
 * trimmed. The page paints with the trigger; the form loads right after.
 */
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
  fixedSeconds,
  extra,
  ready = true,
  onOpenChange,
}: ScenePromptDialogProps) {
  const [open, setOpen] = useState(false)
  const [prompt, setPrompt] = useState(initialPrompt)
  const [busy, setBusy] = useState(false)

  function handleOpenChange(next: boolean) {
    if (next && resetOnOpen) {
      setPrompt(initialPrompt)
    }
    setOpen(next)
    onOpenChange?.(next)
  }

  async function submit() {
    if (!prompt.trim() || busy || !ready) {
      return
    }
    setBusy(true)
    const done = await onSubmit(prompt.trim())
    setBusy(false)
    if (done) {
      setPrompt(initialPrompt)
      handleOpenChange(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <Suspense fallback={null}>
        <ScenePromptDialogBody
          title={title}
          description={description}
          promptId={promptId}
          prompt={prompt}
          onPromptChange={setPrompt}
          placeholder={placeholder}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
          busy={busy}
          onSubmit={() => void submit()}
          fixedSeconds={fixedSeconds}
          extra={extra}
          ready={ready}
        />
      </Suspense>
    </Dialog>
  )
}
