import { Suspense } from 'react'
import { Plus } from 'lucide-react'
import { ScenePromptDialog } from '~/components/studio/scene_prompt_dialog'
import { Button } from '~/components/ui/button'
import { usePictureUpload } from '~/hooks/studio/use_picture_upload'
import { lazyNamed } from '~/lib/lazy'

/** Image to Video's picker: its code loads when the storyboard shows pictures. */
const PicturePicker = lazyNamed(
  () => import('~/components/studio/pictures/picture_picker'),
  'PicturePicker'
)

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
      extra={
        withPicture && (
          <Suspense fallback={null}>
            <PicturePicker upload={upload} label="Choose picture" />
          </Suspense>
        )
      }
      ready={!withPicture || upload.picture !== null}
      onOpenChange={(open) => {
        if (!open) upload.reset()
      }}
    />
  )
}
