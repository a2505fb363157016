import renderConfig from '#config/render'
import type { UserPlan } from '#auth/models/user'
import type { AspectRatio } from '#media/providers/contracts'
import { resolutionFor } from '#media/render/types'

/**
 * What a plan gets (spec §6): free renders at 720p with a watermark, paid
 * plans at 1080p without one.
 */
export function renderSettingsFor(plan: UserPlan) {
  return plan === 'free'
    ? { quality: '720p' as const, watermark: true }
    : { quality: '1080p' as const, watermark: false }
}

export const ACTIVE_STATUSES = ['queued', 'processing', 'rendering'] as const

/**
 * progressPercent inside the spec's steps: scenes fill 5–60 while
 * processing, composing runs 66–95, done is 100.
 */
export function progressForScenes(completed: number, total: number) {
  return total === 0 ? 5 : Math.round(5 + (55 * completed) / total)
}

/**
 * The output size for a project: the plan's resolution at the aspect ratio,
 * scaled by config (even numbers, as H.264 needs).
 */
export function renderSizeFor(aspectRatio: AspectRatio, quality: '720p' | '1080p') {
  const { width, height } = resolutionFor(aspectRatio, quality)
  const even = (value: number) => Math.max(2, Math.round((value * renderConfig.scale) / 2) * 2)
  return { width: even(width), height: even(height) }
}
