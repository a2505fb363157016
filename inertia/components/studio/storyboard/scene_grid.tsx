import type { SpeechPace } from '@shared/script_plan'
import type { Data } from '@generated/data'
import { Clapperboard } from 'lucide-react'
import { SceneCard } from '~/components/studio/scene_card'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { pluralize } from '~/lib/studio'

type Scene = Data.Studio.Scene

type SceneGridProps = {
  scenes: Scene[]
  aspectRatio: Data.Studio.Project.Variants['forPage']['aspectRatio']
  /** The narrator's speed and language's pace: a scene says when its words run long. */
  voice: { speed: number; pace: SpeechPace }
  selectedIds: Set<number>
  onSelectedChange: (scene: Scene, selected: boolean) => void
  onClearSelection: () => void
  onUpdate: (scene: Scene, prompt: string) => Promise<boolean>
  onMove: (scene: Scene, order: number) => Promise<boolean>
  onReplacePicture: (scene: Scene, pictureId: number) => Promise<boolean>
  onDelete: (scene: Scene) => Promise<boolean>
  onGenerate: (scene: Scene) => Promise<boolean>
}

/** The scenes in order, with the selection's count; an empty storyboard says what to do. */
export function SceneGrid({
  scenes,
  aspectRatio,
  voice,
  selectedIds,
  onSelectedChange,
  onClearSelection,
  onUpdate,
  onMove,
  onReplacePicture,
  onDelete,
  onGenerate,
}: SceneGridProps) {
  const selectedCount = scenes.filter((scene) => selectedIds.has(scene.id)).length
  return (
    <>
      {selectedCount > 0 && (
        <div
          role="status"
          className="flex items-center justify-between gap-3 rounded-lg border bg-muted/50 px-4 py-2 text-sm"
        >
          <span className="font-medium">{`${selectedCount} selected`}</span>
          <Button type="button" variant="ghost" size="sm" onClick={onClearSelection}>
            Clear
          </Button>
        </div>
      )}

      {scenes.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Clapperboard className="size-12 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">No scenes yet</h2>
            <p className="text-sm text-muted-foreground">
              Add a scene to start building your storyboard.
            </p>
          </CardContent>
        </Card>
      ) : (
        <section aria-label={pluralize(scenes.length, 'scene')}>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {scenes.map((scene) => (
              <li key={scene.id} className="flex">
                <SceneCard
                  scene={scene}
                  aspectRatio={aspectRatio}
                  voice={voice}
                  selected={selectedIds.has(scene.id)}
                  onSelectedChange={(selected) => onSelectedChange(scene, selected)}
                  onUpdate={(prompt) => onUpdate(scene, prompt)}
                  position={{ first: scene.order === 1, last: scene.order === scenes.length }}
                  onMove={(order) => onMove(scene, order)}
                  onReplacePicture={(pictureId) => onReplacePicture(scene, pictureId)}
                  onDelete={() => onDelete(scene)}
                  onGenerate={() => onGenerate(scene)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
