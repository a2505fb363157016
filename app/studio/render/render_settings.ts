import renderConfig from '#config/render'
import type { AspectRatio } from '#media/providers/contracts'
import type { Quality } from '#media/providers/contracts'
import { resolutionFor } from '#media/render/types'

/**
 * progressPercent inside its steps (docs/decisions.md: processing 33, rendering 66, done
 * 100): scenes move it from 33 to 60 while processing; composing from 66
 * through its steps and the scenes' encodes to 95; done is 100; a failed
 * run shows 0.
 */
export const PROGRESS = {
  processing: 33,
  scenesDone: 60,
  rendering: 66,
  sourcesLoaded: 70,
  narrated: 75,
  composed: 95,
} as const

export function progressForScenes(completed: number, total: number) {
  const span = PROGRESS.scenesDone - PROGRESS.processing
  return total === 0
    ? PROGRESS.processing
    : Math.round(PROGRESS.processing + (span * completed) / total)
}

/**
 * The output size for a project: the plan's resolution at the aspect ratio,
 * scaled by config (even numbers, as H.264 needs).
 */
export function renderSizeFor(aspectRatio: AspectRatio, quality: Quality) {
  const { width, height } = resolutionFor(aspectRatio, quality)
  const even = (value: number) => Math.max(2, Math.round((value * renderConfig.scale) / 2) * 2)
  return { width: even(width), height: even(height) }
}
