import type { ReactNode } from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'

/** What the scenes API accepts (app/studio/validators/scene.ts). */
const SCENE_PROMPT_MAX_CHARS = 2000

type ScenePromptDialogBodyProps = {
  title: string
  description: string
  promptId: string
  prompt: string
  onPromptChange: (prompt: string) => void
  placeholder?: string
  submitLabel: string
  busyLabel: string
  busy: boolean
  onSubmit: () => void
  /** A scene's fixed length, shown read-only under the prompt (Edit Scene). */
  fixedSeconds?: number
  extra?: ReactNode
  ready: boolean
}

/** ScenePromptDialog's form, loaded after the page paints. */
export function ScenePromptDialogBody({
  title,
  description,
  promptId,
  prompt,
  onPromptChange,
  placeholder,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  fixedSeconds,
  extra,
  ready,
}: ScenePromptDialogBodyProps) {
  const durationId = `${promptId}-duration`
  return (
    <DialogContent>
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {extra}
        <div className="space-y-2">
          <Label htmlFor={promptId}>Prompt</Label>
          <Textarea
            id={promptId}
            value={prompt}
            maxLength={SCENE_PROMPT_MAX_CHARS}
            onChange={(event) => onPromptChange(event.target.value)}
            placeholder={placeholder}
            className="min-h-32!"
          />
        </div>
        {fixedSeconds !== undefined && (
          <div className="space-y-2">
            <Label htmlFor={durationId}>Duration (seconds)</Label>
            <Input
              id={durationId}
              type="number"
              min={fixedSeconds}
              max={fixedSeconds}
              value={fixedSeconds}
              readOnly
              aria-readonly
              aria-describedby={`${durationId}-hint`}
              className="cursor-not-allowed bg-muted! text-muted-foreground"
            />
            <p id={`${durationId}-hint`} className="text-xs text-muted-foreground">
              {`Each scene is ${fixedSeconds} seconds.`}
            </p>
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={!prompt.trim() || busy || !ready}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  )
}
