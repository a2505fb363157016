import { useState } from 'react'
import { Clock, Coins, Gauge } from 'lucide-react'
import type { Data } from '@generated/data'
import { SCENE_SECONDS, type SpeechPace } from '@shared/script_plan'
import { sceneOverruns } from '@shared/narration_pace'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'

type Scene = Data.Studio.Scene

const LONG_PROMPT = 140

/**
 * What the scene says and costs: its prompt (a long one folds), duration and
 * credits, a prompt too long for its seconds, and a failed scene's reason.
 */
export function SceneDetails({
  scene,
  voice,
}: {
  scene: Scene
  voice: { speed: number; pace: SpeechPace }
}) {
  const [expanded, setExpanded] = useState(false)
  const longPrompt = scene.prompt.length > LONG_PROMPT || scene.prompt.includes('\n')

  return (
    <>
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
      {sceneOverruns(scene.prompt, voice.speed, voice.pace) && (
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
    </>
  )
}
