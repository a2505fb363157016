import { Plus } from 'lucide-react'
import { ScenePromptDialog } from '~/components/studio/scene_prompt_dialog'
import { Button } from '~/components/ui/button'

type AddSceneDialogProps = {
  /** Resolves to true once the scene is added (the page shows the toasts). */
  onAdd: (prompt: string) => Promise<boolean>
  disabled?: boolean
}

export function AddSceneDialog({ onAdd, disabled }: AddSceneDialogProps) {
  return (
    <ScenePromptDialog
      trigger={
        <Button type="button" variant="outline" disabled={disabled}>
          <Plus aria-hidden />
          Add Scene
        </Button>
      }
      title="Add Scene"
      description="Describe what this 5-second scene shows. It is added at the end of the storyboard."
      promptId="new-scene-prompt"
      initialPrompt=""
      placeholder="A lighthouse on a cliff at dawn, waves crashing below..."
      submitLabel="Add Scene"
      busyLabel="Adding..."
      onSubmit={onAdd}
    />
  )
}
