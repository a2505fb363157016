import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CreditLedger } from '#billing/services/credit_ledger'
import Project from '#studio/models/project'

/**
 * Ends a render run that won't deliver a video: failure refunds the run's
 * whole cost, cancel refunds the scenes not finished and keeps the rest as
 * prepaid for the next run. Each refund is keyed to its run in the ledger,
 * so it happens once however often this is called (retries, a cancel
 * racing a failure…).
 */
@inject()
export class SettleRender {
  constructor(private ledger: CreditLedger) {}

  async fail(projectId: number, run: number, message: string) {
    return db.transaction(async (trx) => {
      const project = await this.#lockRun(projectId, run, trx)
      if (!project) return false
      // No video: everything this run cost comes back, what was prepaid included.
      await project
        .merge({ status: 'failed', error: message, progressPercent: 0, prepaidCredits: 0 })
        .save()
      await this.#refund(project, project.chargedCredits, trx)
      return true
    })
  }

  async cancel(project: Project) {
    return db.transaction(async (trx) => {
      const locked = await this.#lockRun(project.id, project.renderRun, trx)
      if (!locked) return false
      // A scene is finished once its clip source exists: that is the work paid for.
      const unfinished = await trx
        .from('scenes')
        .where('project_id', locked.id)
        .whereNull('clip_source_key')
        .sum('duration as seconds')
        .first()
      await trx
        .from('scenes')
        .where('project_id', locked.id)
        .whereNull('clip_source_key')
        .update({ status: 'pending', updated_at: new Date() })
      const refund = Math.min(locked.chargedCredits, Number(unfinished?.seconds ?? 0))
      await locked
        .merge({
          status: 'draft',
          progressPercent: 0,
          error: null,
          prepaidCredits: locked.chargedCredits - refund,
        })
        .save()
      await this.#refund(locked, refund, trx)
      return true
    })
  }

  async #lockRun(projectId: number, run: number, trx: TransactionClientContract) {
    const project = await Project.query({ client: trx }).where('id', projectId).forUpdate().first()
    if (!project || project.renderRun !== run) return null
    if (!['queued', 'processing', 'rendering'].includes(project.status)) return null
    return project
  }

  async #refund(project: Project, amount: number, trx: TransactionClientContract) {
    if (amount <= 0) return
    await this.ledger.refund(
      {
        userId: project.userId,
        amount,
        reference: `project:${project.id}:run:${project.renderRun}`,
      },
      trx
    )
  }
}
