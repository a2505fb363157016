import type { SpeechPace } from '@shared/script_plan'
import { Checkbox } from '~/components/ui/checkbox'
import { Card } from '~/components/ui/card'
import { SceneStatusBadge } from '~/components/studio/status_badges'
import { SceneActions, type SceneActionsProps } from '~/components/studio/scene_card/scene_actions'
import { SceneDetails } from '~/components/studio/scene_card/scene_details'
import { SceneFrame } from '~/components/studio/scene_card/scene_frame'
import { cn } from '~/lib/utils'
import type { Data } from '@generated/data'
import { SCENE_SECONDS } from '@shared/script_plan'

type AspectRatio = Data.Studio.Project.Variants['forPage']['aspectRatio']

export { SCENE_SECONDS }

type SceneCardProps = SceneActionsProps & {
  aspectRatio: AspectRatio
  /** The narrator's speed (1 is the plan's pace): a scene with more words than it says in 5 s says so. */
  voice: { speed: number; pace: SpeechPace }
  selected: boolean
  onSelectedChange: (selected: boolean) => void
}

/** One scene on the storyboard: its heading, picture, details and buttons (scene_card/). */
export function SceneCard({
  aspectRatio,
  voice,
  selected,
  onSelectedChange,
  ...actions
}: SceneCardProps) {
  const { scene } = actions
  const titleId = `scene-${scene.id}-title`

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

      <SceneFrame scene={scene} aspectRatio={aspectRatio} />
      <SceneDetails scene={scene} voice={voice} />
      <SceneActions {...actions} />
    </Card>
  )
}
