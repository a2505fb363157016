import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CreditLedger } from '#billing/services/credit_ledger'
import {
  CANCELLABLE_STATUSES,
  GENERATING_STATUSES,
  type ProjectStatus,
} from '#studio/public/statuses'
import Project from '#studio/models/project'
import { ProjectEvents } from '#studio/render/progress_relay'
import { SceneLifecycle } from '#studio/render/scene_lifecycle'
import { runCreditsReference } from '#studio/render/run_ids'
import { VideoWebhooks } from '#studio/render/video_webhooks'
import type { VideoPost } from '#shared/video_post'

/**
 * What can happen to a video, and the statuses each may happen in
 * (docs/glossary.md, Status; cancel goes back to draft: docs/decisions.md, Videos).
 */
export const VIDEO_TRANSITIONS = {
  start: { from: ['draft', 'done', 'failed'], to: 'queued' },
  process: { from: ['queued', 'processing'], to: 'processing' },
  render: { from: ['queued', 'processing', 'rendering'], to: 'rendering' },
  complete: { from: ['rendering'], to: 'done' },
  fail: { from: GENERATING_STATUSES, to: 'failed' },
  cancel: { from: CANCELLABLE_STATUSES, to: 'draft' },
} as const satisfies Record<string, { from: readonly ProjectStatus[]; to: ProjectStatus }>

export type VideoTransition = keyof typeof VIDEO_TRANSITIONS

/** Where `transition` takes a video in status `from`, or null when it may not happen there. */
export function nextStatus(from: ProjectStatus, transition: VideoTransition): ProjectStatus | null {
  const { from: allowed, to } = VIDEO_TRANSITIONS[transition]
  return (allowed as readonly ProjectStatus[]).includes(from) ? to : null
}

/** How a project is born, before any transition. */
export const NEW_VIDEO = { status: 'draft', progressPercent: 0 } as const satisfies {
  status: ProjectStatus
  progressPercent: number
}

export type RenderOutput = {
  videoKey: string
  thumbKey: string
  resolution: string
  watermarked: boolean
  /** The file's length: its scenes as held (a last scene waits for its words) and brand cards. */
  durationSeconds: number
}

/** The number of a project's next render run: its charge and its jobs are keyed to it. */
export function nextRunOf(project: Pick<Project, 'renderRun'>) {
  return project.renderRun + 1
}

/**
 * The render state machine: the only code that writes a video's status.
 * Each write is conditional on the status it leaves (and on the render run,
 * so a cancelled or replaced run's jobs change nothing), and each
 * transition that happens is announced on the project's SSE channel once
 * committed. The project keeps its last finished video through every run
 * until a newer one is done (docs/decisions.md, Videos). Failure refunds
 * the run's whole cost; cancel refunds all but the clips this run made,
 * which it keeps as prepaid for the next run. Each refund is keyed to its
 * run in the ledger, so it happens once however often this is called
 * (retries, a cancel racing a failure…).
 */
@inject()
export class VideoLifecycle {
  private events = new ProjectEvents()

  constructor(
    private ledger: CreditLedger,
    private scenes: SceneLifecycle,
    private webhooks: VideoWebhooks
  ) {}

  /**
   * Generate Final Video, inside the caller's transaction with the project
   * row locked: run `run` (the caller's `nextRunOf`, which its credits are
   * charged under), queued, its unmade scenes pending.
   */
  async start(
    project: Project,
    run: number,
    cost: { total: number; keptSeconds: number },
    trx: TransactionClientContract,
    frame: { pixels: number; scenes: number }
  ) {
    if (!nextStatus(project.status, 'start')) return false
    await this.scenes.awaitRun(project.id, trx)
    // The last finished video and the prepaid credits stay: a cancel or a failure may yet end this run.
    await project
      .useTransaction(trx)
      .merge({
        status: VIDEO_TRANSITIONS.start.to,
        progressPercent: 0,
        error: null,
        renderRun: run,
        chargedCredits: cost.total,
        reusedClipSeconds: cost.keptSeconds,
        renderStartedAt: DateTime.now(),
        renderFinishedAt: null,
        renderPixels: frame.pixels,
        renderScenes: frame.scenes,
      })
      .save()
    trx.after('commit', () => this.events.announce(project.id))
    return true
  }

  /**
   * Moves a run on to processing or rendering with its progress, never
   * backwards; a step that changes neither is not written nor announced
   * (each announcement reloads every open status page).
   */
  async advance(projectId: number, run: number, to: 'process' | 'render', progress: number) {
    const { from, to: status } = VIDEO_TRANSITIONS[to]
    const updated = await Project.query()
      .where('id', projectId)
      .where('render_run', run)
      .whereIn('status', [...from])
      .where((changes) =>
        changes.whereNot('status', status).orWhere('progress_percent', '<', progress)
      )
      .update({
        status,
        progress_percent: db.raw('greatest(progress_percent, ?)', [progress]),
        updated_at: new Date(),
      })
    return this.#announceIf(projectId, updated)
  }

  /**
   * The video is made and replaces the last one: the keys of the files it
   * replaced, which no row owns any more (the caller deletes them), or null
   * when the run was cancelled meanwhile (the caller drops the new files).
   * `post` is the one written from its script, written before this (never
   * a network call inside the transaction); a post the customer edited stays
   * (docs/product.md, Ready to post).
   */
  async complete(projectId: number, run: number, output: RenderOutput, post: VideoPost) {
    const { from, to } = VIDEO_TRANSITIONS.complete
    const links = await this.webhooks.links(output)
    const replaced = await db.transaction(async (trx) => {
      const project = await Project.query({ client: trx })
        .where('id', projectId)
        .where('render_run', run)
        .whereIn('status', [...from])
        .forUpdate()
        .first()
      if (!project) return null
      const previous = [project.outputVideoKey, project.thumbKey]
      const kept = project.postEditedAt ? project.post : null
      await project
        .merge({
          status: to,
          progressPercent: 100,
          outputVideoKey: output.videoKey,
          thumbKey: output.thumbKey,
          resolution: output.resolution,
          watermarked: output.watermarked,
          post: kept ?? post,
          error: null,
          // The video is what the prepaid clips were paid towards.
          prepaidCredits: 0,
          renderFinishedAt: DateTime.now(),
        })
        .save()
      await this.webhooks.completed(
        project,
        kept ?? post,
        { ...links, durationSeconds: output.durationSeconds },
        trx
      )
      return previous.filter(
        (key): key is string => key !== null && key !== output.videoKey && key !== output.thumbKey
      )
    })
    if (replaced) await this.events.announce(projectId)
    return replaced
  }

  /**
   * A finished video the project lost gives it back: before a re-render
   * kept the last video, its start dropped the project's link to it (the
   * run sweep finds the file). Only while the project has no video and no
   * run renders; its resolution and watermark were never cleared.
   */
  async recover(projectId: number, output: { videoKey: string; thumbKey: string | null }) {
    const updated = await Project.query()
      .where('id', projectId)
      .whereNull('output_video_key')
      .whereNotNull('resolution')
      .whereNotIn('status', [...GENERATING_STATUSES])
      .update({
        output_video_key: output.videoKey,
        thumb_key: output.thumbKey,
        updated_at: new Date(),
      })
    return this.#announceIf(projectId, updated)
  }

  async fail(projectId: number, run: number, message: string) {
    return this.#end(projectId, run, 'fail', async (project) => {
      // No new video: everything this run cost comes back, what was prepaid included.
      project.merge({ error: message, progressPercent: 0, prepaidCredits: 0 })
      return project.chargedCredits
    })
  }

  /**
   * Refunds what this run charged, but for the clips it made: those are
   * kept as prepaid, with what it took from earlier prepaid credits. Clips
   * it found made were paid for by earlier runs (docs/decisions.md, Videos).
   */
  async cancel(project: Project) {
    return this.#end(project.id, project.renderRun, 'cancel', async (locked, trx) => {
      // A scene is finished once its clip source exists; edits wait while a run renders.
      const finished = await trx
        .from('scenes')
        .where('project_id', locked.id)
        .whereNotNull('clip_source_key')
        .sum('duration as seconds')
        .first()
      await this.scenes.runCancelled(locked.id, trx)
      const reused = locked.reusedClipSeconds
      const applied = Math.min(locked.prepaidCredits, reused)
      const made = Math.max(0, Number(finished?.seconds ?? 0) - reused)
      const refund = Math.max(0, locked.chargedCredits - applied - made)
      locked.merge({ progressPercent: 0, error: null, prepaidCredits: applied + made })
      return refund
    })
  }

  /**
   * Ends a run (fail or cancel) under a row lock; `settle` adjusts the
   * project and says how much to refund.
   */
  async #end(
    projectId: number,
    run: number,
    transition: 'fail' | 'cancel',
    settle: (project: Project, trx: TransactionClientContract) => Promise<number>
  ) {
    return db.transaction(async (trx) => {
      const project = await Project.query({ client: trx })
        .where('id', projectId)
        .forUpdate()
        .first()
      if (!project || project.renderRun !== run) return false
      const status = nextStatus(project.status, transition)
      if (!status) return false
      const refund = await settle(project, trx)
      await project.merge({ status }).save()
      if (transition === 'fail') await this.webhooks.failed(project, trx)
      if (refund > 0) {
        await this.ledger.refund(
          {
            userId: project.userId,
            amount: refund,
            reference: runCreditsReference(project.id, project.renderRun),
          },
          trx
        )
      }
      trx.after('commit', () => this.events.announce(project.id))
      return true
    })
  }

  async #announceIf(projectId: number, updated: unknown) {
    const changed = Number(Array.isArray(updated) ? updated[0] : updated) > 0
    if (changed) await this.events.announce(projectId)
    return changed
  }
}
