import db from '@adonisjs/lucid/services/db'
import Plan from '#billing/models/plan'
import { PLAN_SLUGS } from '#billing/plan_catalogue'

export type DeletePlanResult =
  | { status: 'deleted' }
  | { status: 'not_found' }
  | { status: 'catalogue_plan' }
  | { status: 'has_subscribers' }

/**
 * Removes an operator's plan. The catalogue's free, pro and agency rows
 * stay (signup credits and every subscriber's render settings read them),
 * and so does a plan with subscriptions; past payments keep their
 * amounts and lose the link.
 */
export class DeletePlan {
  async handle(planId: number): Promise<DeletePlanResult> {
    return db.transaction(async (trx) => {
      const plan = await Plan.query({ client: trx }).where('id', planId).forUpdate().first()
      if (!plan) return { status: 'not_found' as const }
      if ((PLAN_SLUGS as readonly string[]).includes(plan.slug)) {
        return { status: 'catalogue_plan' as const }
      }
      const subscribed = await trx.from('local_subscriptions').where('plan_id', plan.id).first()
      if (subscribed) return { status: 'has_subscribers' as const }

      plan.useTransaction(trx)
      await plan.delete()
      return { status: 'deleted' as const }
    })
  }
}
