import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { QueueService } from '#core/queue/queue_service'
import { CreditLedger } from '#billing/services/credit_ledger'
import { PlanEffects } from '#billing/queries/plan_effects'
import { isGenerating } from '#studio/public/statuses'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { nextRunOf, VideoLifecycle } from '#studio/render/video_lifecycle'
import { videoCost } from '#studio/render/video_cost'
import { renderSizeFor } from '#studio/render/render_settings'
import { renderFlow } from '#studio/render/render_flow'
import { BrandSnapshots } from '#studio/render/brand_snapshots'
import { runCreditsReference } from '#studio/render/run_ids'

export type GenerateVideoResult =
  | { status: 'started'; project: Project }
  | { status: 'already_running'; project: Project }
  | { status: 'no_scenes' }
  | { status: 'insufficient_credits'; missing: number; needed: number; balance: number }

/**
 * Generate Final Video: charges the scenes' seconds (less what a cancelled
 * run already paid for the scenes it kept) and moves the project to
 * `queued` in one transaction (project row locked, conditional balance
 * update), then enqueues the run's render flow (`renderFlow`). A second call while
 * it runs charges nothing.
 */
@inject()
export class GenerateVideo {
  constructor(
    private queues: QueueService,
    private ledger: CreditLedger,
    private lifecycle: VideoLifecycle,
    private brandSnapshots: BrandSnapshots
  ) {}

  async handle(projectId: number, userId: number): Promise<GenerateVideoResult> {
    // Read before the transaction, which holds its connection: the run's frame and watermark,
    // frozen for all its jobs, and its frame for the time estimate.
    const effects = await new PlanEffects().forUser(userId)
    // The kit as it is now, its logo copied for this project (file work, before the transaction).
    const owned = await Project.query().where('id', projectId).where('user_id', userId).first()
    const brandSnapshot = owned ? await this.brandSnapshots.take(owned) : undefined
    const outcome = await db.transaction(async (trx) => {
      const project = await Project.query({ client: trx })
        .where('id', projectId)
        .where('user_id', userId)
        .forUpdate()
        .firstOrFail()
      if (isGenerating(project.status)) {
        return { status: 'already_running', project } as const
      }
      const scenes = await Scene.query({ client: trx }).where('project_id', project.id)
      if (scenes.length === 0) {
        return { status: 'no_scenes' } as const
      }

      const { total, due, keptSeconds } = videoCost(project, scenes)
      const run = nextRunOf(project)
      if (due > 0) {
        const charge = await this.ledger.charge(
          { userId, amount: due, reference: runCreditsReference(project.id, run) },
          trx
        )
        if (charge.status === 'insufficient_credits') {
          return {
            status: 'insufficient_credits',
            missing: charge.missing,
            needed: due,
            balance: charge.balance,
          } as const
        }
      }

      if (brandSnapshot !== undefined) {
        project.brandSnapshot = brandSnapshot
        await project.save()
      }
      const frame = renderSizeFor(project.aspectRatio, effects.quality)
      await this.lifecycle.start(project, run, { total, keptSeconds }, trx, {
        pixels: frame.width * frame.height,
        scenes: scenes.length,
      })
      return { status: 'started', project, scenes } as const
    })

    if (outcome.status !== 'started') {
      return outcome
    }
    const { project, scenes } = outcome
    try {
      await this.queues.dispatchFlow(
        renderFlow(
          project.id,
          project.renderRun,
          scenes.map((scene) => scene.id),
          effects
        )
      )
    } catch (error) {
      logger.error({ err: error }, 'render flow could not be queued')
      await this.lifecycle.fail(
        project.id,
        project.renderRun,
        'The render could not be queued. Please try again.'
      )
      throw error
    }
    return { status: 'started', project }
  }
}
