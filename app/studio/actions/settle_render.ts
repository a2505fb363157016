import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { GrantCredits } from '#billing/actions/grant_credits'
import Project from '#studio/models/project'

/**
 * Ends a render run that won't deliver a video: failure refunds the run's
 * whole charge, cancel refunds the scenes not finished. Each refund is
 * keyed to its run in the ledger, so it happens once however often this is
 * called (retries, a cancel racing a failure…).
 */
export class SettleRender {
  constructor(private grantCredits = new GrantCredits()) {}

  async fail(projectId: number, run: number, message: string) {
    return db.transaction(async (trx) => {
      const project = await this.#lockRun(projectId, run, trx)
      if (!project) return false
      await project.merge({ status: 'failed', error: message }).save()
      await this.#refund(project, project.chargedCredits, trx)
      return true
    })
  }

  async cancel(project: Project) {
    return db.transaction(async (trx) => {
      const locked = await this.#lockRun(project.id, project.renderRun, trx)
      if (!locked) return false
      const unfinished = await trx
        .from('scenes')
        .where('project_id', locked.id)
        .whereNot('status', 'completed')
        .sum('duration as seconds')
        .first()
      await trx
        .from('scenes')
        .where('project_id', locked.id)
        .whereNot('status', 'completed')
        .update({ status: 'pending', updated_at: new Date() })
      await locked.merge({ status: 'draft', progressPercent: 0, error: null }).save()
      await this.#refund(
        locked,
        Math.min(locked.chargedCredits, Number(unfinished?.seconds ?? 0)),
        trx
      )
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
    await this.grantCredits.handle(
      {
        userId: project.userId,
        amount,
        reason: 'refund',
        reference: `project:${project.id}:run:${project.renderRun}`,
      },
      trx
    )
  }
}
