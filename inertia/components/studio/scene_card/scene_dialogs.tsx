import { Suspense } from 'react'
import { Eye, Pencil, Trash2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { SCENE_SECONDS } from '@shared/script_plan'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { ScenePromptDialog } from '~/components/studio/scene_prompt_dialog'
import { Button } from '~/components/ui/button'
import { Dialog, DialogTrigger } from '~/components/ui/dialog_root'
import { lazyNamed } from '~/lib/lazy'

const ScenePreviewBody = lazyNamed(
  () => import('~/components/studio/scene_preview_body'),
  'ScenePreviewBody'
)

type Scene = Data.Studio.Scene

export function EditSceneDialog({
  scene,
  onSave,
}: {
  scene: Scene
  onSave: (prompt: string) => Promise<boolean>
}) {
  return (
    <ScenePromptDialog
      trigger={
        <Button type="button" variant="outline" size="sm">
          <Pencil aria-hidden />
          Edit
        </Button>
      }
      title="Edit Scene"
      description={`Scene ${scene.order}`}
      promptId={`edit-scene-${scene.id}-prompt`}
      initialPrompt={scene.prompt}
      resetOnOpen
      submitLabel="Save"
      busyLabel="Saving..."
      onSubmit={onSave}
      fixedSeconds={SCENE_SECONDS}
    />
  )
}

export function DeleteSceneDialog({
  scene,
  onDelete,
}: {
  scene: Scene
  onDelete: () => Promise<boolean>
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm">
          <Trash2 aria-hidden />
          Delete
        </Button>
      }
      title={`Delete scene ${scene.order}?`}
      description="This scene will be removed from the storyboard. This action cannot be undone."
      busyLabel="Deleting..."
      onConfirm={onDelete}
    />
  )
}

export function PreviewSceneDialog({ scene }: { scene: Scene }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Eye aria-hidden />
          Preview
        </Button>
      </DialogTrigger>
      <Suspense fallback={null}>
        <ScenePreviewBody scene={scene} />
      </Suspense>
    </Dialog>
  )
}
