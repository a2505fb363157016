import { Suspense, useState } from 'react'
import { ArrowDown, ArrowUp, Copy, Loader2, RefreshCw, Wand2 } from 'lucide-react'
import type { Data } from '@generated/data'
import { client } from '~/lib/client'
import { toast } from '~/lib/toast'
import {
  DeleteSceneDialog,
  EditSceneDialog,
  PreviewSceneDialog,
} from '~/components/studio/scene_card/scene_dialogs'
import { usePictureUpload } from '~/hooks/studio/use_picture_upload'
import { Button } from '~/components/ui/button'
import { lazyNamed } from '~/lib/lazy'

/** Image to Video's picker: its code loads with the first picture scene, not with every storyboard. */
const PicturePicker = lazyNamed(
  () => import('~/components/studio/pictures/picture_picker'),
  'PicturePicker'
)

type Scene = Data.Studio.Scene

export type SceneActionsProps = {
  scene: Scene
  /** Each resolves to true on success (the page shows the toasts). */
  onUpdate: (prompt: string) => Promise<boolean>
  /** Where the scene stands: the first cannot move earlier, the last not later. */
  position: { first: boolean; last: boolean }
  onMove: (order: number) => Promise<boolean>
  /** Image to Video: the scene shows another picture. */
  onReplacePicture: (pictureId: number) => Promise<boolean>
  onDelete: () => Promise<boolean>
  onGenerate: () => Promise<boolean>
}

/** The card's buttons: edit, delete, (re)generate or replace the picture, move, preview, copy URL. */
export function SceneActions({
  scene,
  onUpdate,
  position,
  onMove,
  onReplacePicture,
  onDelete,
  onGenerate,
}: SceneActionsProps) {
  const [generating, setGenerating] = useState(false)
  const mediaUrl = scene.videoUrl ?? scene.thumbnailUrl
  const hasStill = scene.thumbnailUrl !== null || scene.status === 'completed'
  const regenerate = hasStill || scene.status === 'failed'

  async function generate() {
    setGenerating(true)
    await onGenerate()
    setGenerating(false)
  }

  /** The scene's lasting address, absolute: it keeps working for its owner after signed URLs expire. */
  async function copyUrl() {
    const lasting = new URL(
      client.urlFor('studio.scenes.media', { sceneId: scene.id }),
      window.location.origin
    )
    try {
      await navigator.clipboard.writeText(lasting.href)
      toast.success('URL copied')
    } catch {
      toast.error('Could not copy the URL')
    }
  }

  return (
    <div className="mt-auto flex flex-wrap gap-2 px-4">
      <EditSceneDialog scene={scene} onSave={onUpdate} />
      <DeleteSceneDialog scene={scene} onDelete={onDelete} />
      {scene.pictureId === null ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={generating || scene.status === 'processing'}
          onClick={() => void generate()}
        >
          {generating ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : regenerate ? (
            <RefreshCw aria-hidden />
          ) : (
            <Wand2 aria-hidden />
          )}
          {regenerate ? 'Regenerate' : 'Generate'}
        </Button>
      ) : (
        <ReplacePicture onReplace={onReplacePicture} />
      )}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={position.first}
        onClick={() => void onMove(scene.order - 1)}
        aria-label={`Move scene ${scene.order} earlier`}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={position.last}
        onClick={() => void onMove(scene.order + 1)}
        aria-label={`Move scene ${scene.order} later`}
      >
        <ArrowDown aria-hidden />
      </Button>
      {scene.status === 'completed' && mediaUrl && <PreviewSceneDialog scene={scene} />}
      {mediaUrl && (
        <Button type="button" variant="ghost" size="sm" onClick={() => void copyUrl()}>
          <Copy aria-hidden />
          Copy URL
        </Button>
      )}
    </div>
  )
}

/** Image to Video: another picture for the scene, uploaded, then shown by it. */
function ReplacePicture({ onReplace }: { onReplace: (pictureId: number) => Promise<boolean> }) {
  const upload = usePictureUpload()
  return (
    <Suspense fallback={null}>
      <PicturePicker
        upload={upload}
        label="Replace picture"
        size="sm"
        onPicture={({ id: pictureId }) => {
          void onReplace(pictureId).then((done) => {
            if (done) upload.reset()
          })
        }}
      />
    </Suspense>
  )
}
