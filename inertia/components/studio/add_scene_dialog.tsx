import { Plus } from 'lucide-react'
import { PicturePicker } from '~/components/studio/pictures/picture_picker'
import { ScenePromptDialog } from '~/components/studio/scene_prompt_dialog'
import { Button } from '~/components/ui/button'
import { usePictureUpload } from '~/hooks/studio/use_picture_upload'

type AddSceneDialogProps = {
  /** Resolves to true once the scene is added (the page shows the toasts). */
  onAdd: (prompt: string, pictureId?: number) => Promise<boolean>
  /** Image to Video: the new scene shows a picture the creator uploads here. */
  withPicture: boolean
  disabled?: boolean
}

export function AddSceneDialog({ onAdd, withPicture, disabled }: AddSceneDialogProps) {
  const upload = usePictureUpload()
  return (
    <ScenePromptDialog
      trigger={
        <Button type="button" variant="outline" disabled={disabled}>
          <Plus aria-hidden />
          Add Scene
        </Button>
      }
      title="Add Scene"
      description={
        withPicture
          ? 'Choose the picture this 5-second scene shows and what the narrator says over it. It is added at the end of the storyboard.'
          : 'Describe what this 5-second scene shows. It is added at the end of the storyboard.'
      }
      promptId="new-scene-prompt"
      initialPrompt=""
      placeholder="A lighthouse on a cliff at dawn, waves crashing below..."
      submitLabel="Add Scene"
      busyLabel="Adding..."
      onSubmit={(prompt) => onAdd(prompt, upload.picture?.id)}
      extra={withPicture && <PicturePicker upload={upload} label="Choose picture" />}
      ready={!withPicture || upload.picture !== null}
      onOpenChange={(open) => {
        if (!open) upload.reset()
      }}
    />
  )
}
