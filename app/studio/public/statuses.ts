/**
 * The statuses a project (its video) and its scenes move through, exactly as
 * the server stores and sends them, and which of them mean "being generated"
 * (docs/product.md). `VideoLifecycle` and `SceneLifecycle` move them; pages
 * only read them.
 */

export const PROJECT_STATUSES = [
  'draft',
  'queued',
  'processing',
  'rendering',
  'done',
  'failed',
] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

/** A video being generated: the statuses a render run moves through. */
export const GENERATING_STATUSES = [
  'queued',
  'processing',
  'rendering',
] as const satisfies readonly ProjectStatus[]

export function isGenerating(status: ProjectStatus) {
  return (GENERATING_STATUSES as readonly ProjectStatus[]).includes(status)
}

/**
 * The statuses Cancel Processing is offered and accepted in: the whole run,
 * queued included. The video state machine's cancel transition is defined
 * from these (app/studio/render/video_lifecycle.ts), and the pages read them.
 */
export const CANCELLABLE_STATUSES = GENERATING_STATUSES

export function isCancellable(status: ProjectStatus) {
  return (CANCELLABLE_STATUSES as readonly ProjectStatus[]).includes(status)
}

export const SCENE_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const
export type SceneStatus = (typeof SCENE_STATUSES)[number]

/** A scene still waiting for its still or clip: the storyboard keeps watching it. */
export function isSceneWaiting(status: SceneStatus) {
  return status === 'pending' || status === 'processing'
}
