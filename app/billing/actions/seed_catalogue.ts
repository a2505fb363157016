import db from '@adonisjs/lucid/services/db'
import Plan from '#billing/models/plan'
import CreditPack from '#billing/models/credit_pack'
import { DEFAULT_CREDIT_PACKS, DEFAULT_PLANS } from '#billing/plan_catalogue'

export type SeedSummary = { created: number; updated: number; unchanged: number }

/**
 * Writes the catalogue (docs/decisions.md, Credits and plans): plans by slug, credit packs by
 * their credits. Idempotent: a second run finds every row as it left it.
 * With `onlyMissing`, rows that exist stay as an operator edited them.
 */
export class SeedCatalogue {
  async handle({ onlyMissing = false } = {}): Promise<SeedSummary> {
    const summary: SeedSummary = { created: 0, updated: 0, unchanged: 0 }
    const tally = (changed: boolean) => (changed ? summary.updated++ : summary.unchanged++)
    await db.transaction(async (trx) => {
      // One seed at a time: two processes starting together must not both create the packs.
      await trx.rawQuery('select pg_advisory_xact_lock(hashtext(?))', ['plans:seed'])
      for (const { slug, ...values } of DEFAULT_PLANS) {
        const plan = await Plan.query({ client: trx }).where('slug', slug).first()
        if (!plan) {
          await Plan.create({ slug, ...values }, { client: trx })
          summary.created++
        } else if (onlyMissing) {
          tally(false)
        } else {
          tally(plan.merge(values).$isDirty)
          await plan.save()
        }
      }
      for (const { credits, ...values } of DEFAULT_CREDIT_PACKS) {
        const pack = await CreditPack.query({ client: trx })
          .where('credits', credits)
          .orderBy('id')
          .first()
        if (!pack) {
          await CreditPack.create({ credits, ...values, isActive: true }, { client: trx })
          summary.created++
        } else if (onlyMissing) {
          tally(false)
        } else {
          tally(pack.merge({ ...values, isActive: true }).$isDirty)
          await pack.save()
        }
      }
    })
    return summary
  }
}
