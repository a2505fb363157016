import string from '@adonisjs/core/helpers/string'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { GENERATING_STATUSES, SCENE_STATUSES, type SceneStatus } from '#studio/public/statuses'
import Scene from '#studio/models/scene'
import { ProjectEvents } from '#studio/render/progress_relay'

/**
 * What can happen to a scene, and the statuses each may happen in
 * (docs/product.md, Storyboard). A scene is reset, begun and completed from
 * any status: a redraw, an edit or a new run may come at any point of the
 * last one, a retried attempt begins again where the crashed one left off,
 * and a kept clip source completes a scene that waits, failed or is done
 * (re-framed for a bigger frame). It fails only while it is being made: an
 * edit, a redraw or a cancel that came meanwhile wins over the attempt's
 * error, and a scene already made is not failed by a late attempt.
 */
export const SCENE_TRANSITIONS = {
  /** To be made (again): a redraw is queued, its words changed, a run starts or is cancelled. */
  reset: { from: SCENE_STATUSES, to: 'pending' },
  /** A still is being drawn, or a run makes its clip. */
  begin: { from: SCENE_STATUSES, to: 'processing' },
  /** Its still is drawn, or a run has its clip source. */
  complete: { from: SCENE_STATUSES, to: 'completed' },
  /** The attempt that was making it failed for good. */
  fail: { from: ['processing'], to: 'failed' },
} as const satisfies Record<string, { from: readonly SceneStatus[]; to: SceneStatus }>

export type SceneTransition = keyof typeof SCENE_TRANSITIONS

/** How a scene is born, before any transition. */
export const NEW_SCENE = { status: 'pending' } as const satisfies { status: SceneStatus }

/** How a copy of a scene whose still is drawn is born (a duplicate's): with its still, drawn. */
export const DRAWN_SCENE = { status: 'completed' } as const satisfies { status: SceneStatus }

/** What a render made for a scene: its clip source, preview and still (with the words it shows). */
export type MadeClip = {
  clipSourceKey: string
  /** The kept source this one replaces (a picture framed for another size); none: the scene had none. */
  replaces?: string
  videoKey: string | null
  thumbnailKey: string | null
  thumbnailPrompt: string | null
}

/** A drawn still, and the words it was drawn from. */
export type DrawnStill = { thumbnailKey: string; thumbnailPrompt: string }

/**
 * The only code that writes a scene's status (a unit test greps app/ for
 * any other). A write in the caller's transaction is announced on the
 * project's channel once committed; one on its own, once written. A
 * render's write is conditional on its run (still the project's, still
 * generating), so a cancelled or replaced run's jobs change nothing.
 */
export class SceneLifecycle {
  private events = new ProjectEvents()

  /** A still is queued to be drawn (again). */
  async queueStill(scene: Scene) {
    await this.#move(scene, 'reset', { errorMessage: null })
  }

  /**
   * New words or a new picture for a scene, under the caller's lock: the
   * clip source and preview made from the old ones are dropped (the caller
   * deletes the files).
   */
  async change(
    scene: Scene,
    changes: { prompt?: string; pictureId?: number },
    trx: TransactionClientContract
  ) {
    scene.useTransaction(trx).merge({
      ...changes,
      status: SCENE_TRANSITIONS.reset.to,
      errorMessage: null,
      clipSourceKey: null,
      videoKey: null,
    })
    await scene.save()
    trx.after('commit', () => this.events.announce(scene.projectId))
  }

  /**
   * Moves a scene to `order` under the caller's project lock, shifting the
   * scenes between by one (the order constraint is checked at commit).
   */
  async move(scene: Scene, order: number, trx: TransactionClientContract) {
    const from = scene.order
    const between = trx.from('scenes').where('project_id', scene.projectId)
    if (order < from) {
      await between.where('order', '>=', order).where('order', '<', from).increment('order', 1)
    } else {
      await between.where('order', '>', from).where('order', '<=', order).decrement('order', 1)
    }
    scene.useTransaction(trx).merge({ order })
    await scene.save()
    trx.after('commit', () => this.events.announce(scene.projectId))
  }

  /** A still or clip is being made. */
  async begin(scene: Scene) {
    await this.#move(scene, 'begin', { errorMessage: null })
  }

  /**
   * The still is drawn. A clip source drawn from the old still is stale now,
   * and its preview with it (the caller deletes their files). Announced
   * with how far the project's stills are, which /setup's wait follows.
   */
  async stillDrawn(scene: Scene, still: DrawnStill) {
    await this.#move(
      scene,
      'complete',
      { ...still, clipSourceKey: null, videoKey: null, errorMessage: null },
      { stills: true }
    )
  }

  /** The still could not be drawn, for good: announced like a drawn one. */
  async stillFailed(scene: Scene, message: string) {
    await this.#move(scene, 'fail', { errorMessage: message }, { stills: true })
  }

  async fail(scene: Scene, message: string) {
    await this.#move(scene, 'fail', { errorMessage: message })
  }

  /**
   * Render run `run` has the scene's clip, only while it is still the
   * project's run and generating. With `made`, it also records the clip
   * source just made, only if the scene still has none (or still the one
   * it replaces) and still shows its prompt and picture: a cancel, an edit or another picture in between
   * wins, and the caller deletes what it made. False when nothing changed.
   */
  async clipMade(scene: Scene, run: number, made?: MadeClip) {
    const query = db
      .from('scenes')
      .where('id', scene.id)
      .whereIn('status', [...SCENE_TRANSITIONS.complete.from])
      .whereExists((project) =>
        project
          .from('projects')
          .where('projects.id', scene.projectId)
          .where('projects.render_run', run)
          .whereIn('projects.status', [...GENERATING_STATUSES])
      )
    if (made) {
      if (made.replaces) query.where('clip_source_key', made.replaces)
      else query.whereNull('clip_source_key')
      query.where('prompt', scene.prompt)
      if (scene.pictureId === null) query.whereNull('picture_id')
      else query.where('picture_id', scene.pictureId)
    }
    const updated = await query.update({
      status: SCENE_TRANSITIONS.complete.to,
      error_message: null,
      updated_at: new Date(),
      ...(made && {
        clip_source_key: made.clipSourceKey,
        video_key: made.videoKey,
        thumbnail_key: made.thumbnailKey,
        thumbnail_prompt: made.thumbnailPrompt,
      }),
    })
    return Number(updated) > 0
  }

  /**
   * A run starts, inside the video's transition (which announces it): the
   * scenes still to make wait in the queue, their last errors cleared; those
   * with a kept clip source are made already.
   */
  async awaitRun(projectId: number, trx: TransactionClientContract) {
    await this.#resetUnmade(projectId, trx, { error_message: null })
  }

  /**
   * A run is cancelled, inside the video's transition (which announces it):
   * the scenes it did not finish wait for the next run.
   */
  async runCancelled(projectId: number, trx: TransactionClientContract) {
    await this.#resetUnmade(projectId, trx, {})
  }

  async #resetUnmade(
    projectId: number,
    trx: TransactionClientContract,
    changes: { error_message?: null }
  ) {
    await Scene.query({ client: trx })
      .where('project_id', projectId)
      .whereNull('clip_source_key')
      .whereIn('status', [...SCENE_TRANSITIONS.reset.from])
      .update({ status: SCENE_TRANSITIONS.reset.to, ...changes, updated_at: new Date() })
  }

  /**
   * One scene's own transition, written as it happens and announced: only
   * while the row is in a status the transition may happen in, so a change
   * made meanwhile (an edit, a cancel, another attempt) is not overwritten
   * by a job holding an older copy of the scene.
   */
  async #move(
    scene: Scene,
    transition: SceneTransition,
    changes: Partial<
      Pick<
        Scene,
        'errorMessage' | 'thumbnailKey' | 'thumbnailPrompt' | 'clipSourceKey' | 'videoKey'
      >
    >,
    announcement: { stills?: boolean } = {}
  ) {
    const { from, to } = SCENE_TRANSITIONS[transition]
    const columns = Object.fromEntries(
      Object.entries(changes).map(([key, value]) => [string.snakeCase(key), value])
    )
    const updated = await Scene.query()
      .where('id', scene.id)
      .whereIn('status', [...from])
      .update({ ...columns, status: to, updated_at: new Date() })
    if (Number(updated) === 0) return false
    scene.merge({ ...changes, status: to })
    scene.$hydrateOriginals()
    await this.events.announce(scene.projectId, announcement)
    return true
  }
}
