import db from '@adonisjs/lucid/services/db'
import { BillingAccounts } from '#billing/services/billing_accounts'
import type { RenderQuality } from '#billing/models/plan'
import { API_ACCESS_FEATURE } from '#billing/plan_catalogue'

export type RenderEffects = { quality: RenderQuality; watermark: boolean }

/** Free's effects if the catalogue was never seeded: never more than was paid for. */
const FALLBACK: RenderEffects = { quality: '720p', watermark: true }

/**
 * What a user's plan does, read from the plan row: a render's quality and
 * whether it carries the watermark; whether the user may use the agency API.
 */
export class PlanEffects {
  #accounts = new BillingAccounts()

  async forUser(userId: number): Promise<RenderEffects> {
    const row = await db
      .from('plans')
      .where('slug', this.#accounts.planOf(userId))
      .select('render_quality', 'watermark')
      .first()
    return row ? { quality: row.render_quality, watermark: row.watermark } : FALLBACK
  }

  /**
   * How many brand kits the user's plan lets them choose for new videos
   * (the plan row's `brand_limit`); none without a plan row.
   */
  async brandLimit(userId: number): Promise<number> {
    const row = await db
      .from('plans')
      .where('slug', this.#accounts.planOf(userId))
      .select('brand_limit')
      .first()
    return row?.brand_limit ?? 0
  }

  /**
   * The agency API is open while the user's plan lists the "API access"
   * feature (as the admin edits it; case and spacing aside). No plan row: no.
   */
  async apiAccess(userId: number): Promise<boolean> {
    const row = await db
      .from('plans')
      .where('slug', this.#accounts.planOf(userId))
      .whereRaw(
        `exists (select 1 from jsonb_array_elements_text(plans.features) as feature
                 where lower(trim(feature)) = lower(?))`,
        [API_ACCESS_FEATURE]
      )
      .select('id')
      .first()
    return Boolean(row)
  }
}
