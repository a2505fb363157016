import { useState } from 'react'
import { Loader2, Plus } from 'lucide-react'
import { SCENE_PROMPT_MAX_CHARS } from '~/components/studio/scene_card'
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

type AddSceneDialogProps = {
  /** Resolves to true once the scene is added (the page shows the toasts). */
  onAdd: (prompt: string) => Promise<boolean>
  disabled?: boolean
}

export function AddSceneDialog({ onAdd, disabled }: AddSceneDialogProps) {
  const [open, setOpen] = useState(false)
  const [prompt, setPrompt] = useState('')
  const [adding, setAdding] = useState(false)

  async function add() {
    if (!prompt.trim() || adding) {
      return
    }
    setAdding(true)
    const added = await onAdd(prompt.trim())
    setAdding(false)
    if (added) {
      setPrompt('')
      setOpen(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" disabled={disabled}>
          <Plus aria-hidden />
          Add Scene
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            void add()
          }}
        >
          <DialogHeader>
            <DialogTitle>Add Scene</DialogTitle>
            <DialogDescription>
              Describe what this 5-second scene shows. It is added at the end of the storyboard.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="new-scene-prompt">Prompt</Label>
            <Textarea
              id="new-scene-prompt"
              value={prompt}
              maxLength={SCENE_PROMPT_MAX_CHARS}
              onChange={(event) => setPrompt(event.target.value)}
              placeholder="A lighthouse on a cliff at dawn, waves crashing below..."
              className="min-h-32"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!prompt.trim() || adding}>
              {adding && <Loader2 className="animate-spin" aria-hidden />}
              {adding ? 'Adding...' : 'Add Scene'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
