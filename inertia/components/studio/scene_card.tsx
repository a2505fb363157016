import { Suspense, useState } from 'react'
import {
  ArrowDown,
  ArrowUp,
  Clock,
  Coins,
  Copy,
  Gauge,
  Eye,
  ImageOff,
  Loader2,
  Pencil,
  RefreshCw,
  Trash2,
  Wand2,
} from 'lucide-react'
import { client } from '~/lib/client'
import { toast } from '~/lib/toast'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { FramedPicture } from '~/components/studio/pictures/framed_picture'
import { PicturePicker } from '~/components/studio/pictures/picture_picker'
import { usePictureUpload } from '~/hooks/studio/use_picture_upload'
import { ScenePromptDialog } from '~/components/studio/scene_prompt_dialog'
import { SceneStatusBadge } from '~/components/studio/status_badges'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Dialog, DialogTrigger } from '~/components/ui/dialog_root'
import { Skeleton } from '~/components/ui/skeleton'
import { cn } from '~/lib/utils'
import type { Data } from '@generated/data'
import { lazyNamed } from '~/lib/lazy'
import { SCENE_SECONDS } from '@shared/script_plan'
import { sceneOverruns } from '@shared/narration_pace'

const ScenePreviewBody = lazyNamed(
  () => import('~/components/studio/scene_preview_body'),
  'ScenePreviewBody'
)

type AspectRatio = Data.Studio.Project.Variants['forPage']['aspectRatio']
type Scene = Data.Studio.Scene

export { SCENE_SECONDS }
const LONG_PROMPT = 140

/** Width-driven boxes keep the project's aspect ratio at any card width. */
const FRAME: Record<AspectRatio, string> = {
  '9:16': 'aspect-[9/16] w-full max-w-40',
  '1:1': 'aspect-square w-full max-w-56',
  '16:9': 'aspect-video w-full',
}

type SceneCardProps = {
  scene: Scene
  aspectRatio: AspectRatio
  /** The narrator's speed (1 is the plan's pace): a scene with more words than it says in 5 s says so. */
  voiceSpeed: number
  selected: boolean
  onSelectedChange: (selected: boolean) => void
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

export function SceneCard({
  scene,
  aspectRatio,
  voiceSpeed,
  selected,
  onSelectedChange,
  onUpdate,
  position,
  onMove,
  onReplacePicture,
  onDelete,
  onGenerate,
}: SceneCardProps) {
  const [expanded, setExpanded] = useState(false)
  const [generating, setGenerating] = useState(false)
  const longPrompt = scene.prompt.length > LONG_PROMPT || scene.prompt.includes('\n')
  const mediaUrl = scene.videoUrl ?? scene.thumbnailUrl
  const hasStill = scene.thumbnailUrl !== null || scene.status === 'completed'
  const regenerate = hasStill || scene.status === 'failed'
  const titleId = `scene-${scene.id}-title`

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
    <Card
      data-testid="scene-card"
      aria-labelledby={titleId}
      role="group"
      className={cn('gap-4! py-4!', selected && 'border-primary ring-1 ring-primary')}
    >
      <div className="flex items-center justify-between gap-3 px-4">
        <div className="flex items-center gap-2">
          <Checkbox
            checked={selected}
            onCheckedChange={onSelectedChange}
            aria-label={`Select scene ${scene.order}`}
          />
          <h3 id={titleId} className="font-semibold">{`Scene ${scene.order}`}</h3>
        </div>
        <SceneStatusBadge status={scene.status} />
      </div>

      <div className="flex justify-center px-4">
        <div className={cn('relative overflow-hidden rounded-md', FRAME[aspectRatio])}>
          {scene.thumbnailUrl ? (
            <SceneStill
              key={scene.thumbnailUrl}
              src={scene.thumbnailUrl}
              order={scene.order}
              picture={scene.picture}
              aspectRatio={aspectRatio}
            />
          ) : scene.status === 'failed' ? (
            <div className="flex size-full items-center justify-center bg-muted">
              <ImageOff className="size-8 text-muted-foreground" aria-hidden />
            </div>
          ) : (
            <Skeleton className="size-full rounded-md" />
          )}
          {scene.stillOutdated && scene.status !== 'processing' && (
            <p
              data-testid="still-outdated"
              className="absolute inset-x-0 bottom-0 bg-amber-100/95 px-2 py-1 text-center text-xs font-medium text-amber-900 dark:bg-amber-950/90 dark:text-amber-100"
            >
              Outdated — regenerate to redraw
            </p>
          )}
          {scene.status === 'processing' && (
            <div className="absolute inset-0 flex items-center justify-center bg-background/40">
              <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
            </div>
          )}
        </div>
      </div>

      <div className="space-y-1 px-4">
        <p
          id={`scene-${scene.id}-prompt`}
          className={cn('text-sm break-words whitespace-pre-line', !expanded && 'line-clamp-3')}
        >
          {scene.prompt}
        </p>
        {longPrompt && (
          <Button
            type="button"
            variant="link"
            size="inline"
            className="text-xs!"
            aria-expanded={expanded}
            aria-controls={`scene-${scene.id}-prompt`}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'Show less' : 'Show more'}
          </Button>
        )}
      </div>

      <div className="flex items-center gap-4 px-4 text-xs text-muted-foreground tabular-nums">
        <span className="flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          {`${scene.duration}s`}
        </span>
        <span className="flex items-center gap-1">
          <Coins className="size-3.5" aria-hidden />
          {`${scene.duration} credits`}
        </span>
      </div>
      {sceneOverruns(scene.prompt, voiceSpeed) && (
        <p
          data-testid="scene-overruns"
          className="mx-4 flex items-start gap-1.5 text-xs text-amber-700 dark:text-amber-400"
        >
          <Gauge className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {`More words than ${SCENE_SECONDS} seconds can hold: the narration will run into the next scene. Shorten it or split it.`}
        </p>
      )}

      {scene.status === 'failed' && (scene.errorTitle || scene.errorMessage) && (
        <div className="mx-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          {scene.errorTitle && <p className="font-semibold text-destructive">{scene.errorTitle}</p>}
          {scene.errorMessage && (
            <p className="mt-1 break-words text-muted-foreground">{scene.errorMessage}</p>
          )}
        </div>
      )}

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
    </Card>
  )
}

/** Image to Video: another picture for the scene, uploaded, then shown by it. */
function ReplacePicture({ onReplace }: { onReplace: (pictureId: number) => Promise<boolean> }) {
  const upload = usePictureUpload()
  return (
    <PicturePicker
      upload={upload}
      label="Replace picture"
      size="sm"
      onPicture={(pictureId) => {
        void onReplace(pictureId).then((done) => {
          if (done) upload.reset()
        })
      }}
    />
  )
}

/**
 * The scene's still, or the creator's picture framed as the video frames it;
 * a URL that fails to load (expired, or replaced while the still is
 * regenerated) shows the placeholder instead of a broken image.
 */
function SceneStill({
  src,
  order,
  picture,
  aspectRatio,
}: {
  src: string
  order: number
  picture: Scene['picture']
  aspectRatio: AspectRatio
}) {
  const [broken, setBroken] = useState(false)
  if (broken) {
    return <Skeleton className="size-full rounded-md" />
  }
  if (picture) {
    return (
      <FramedPicture
        src={src}
        alt={`Scene ${order} picture`}
        picture={picture}
        aspectRatio={aspectRatio}
        onError={() => setBroken(true)}
      />
    )
  }
  return (
    <img
      src={src}
      alt={`Scene ${order} still`}
      loading="lazy"
      onError={() => setBroken(true)}
      className="size-full object-cover"
    />
  )
}

function EditSceneDialog({
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

function DeleteSceneDialog({
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

function PreviewSceneDialog({ scene }: { scene: Scene }) {
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
