import db from '@adonisjs/lucid/services/db'
import type { RenderQuality } from '#billing/models/plan'

export type RenderEffects = { quality: RenderQuality; watermark: boolean }

/** Free's effects if the catalogue was never seeded: never more than was paid for. */
const FALLBACK: RenderEffects = { quality: '720p', watermark: true }

/**
 * What a user's plan does to a render, read from the plan row: its
 * quality and whether it carries the watermark.
 */
export class PlanEffects {
  async forUser(userId: number): Promise<RenderEffects> {
    const row = await db
      .from('users')
      .join('plans', 'plans.slug', 'users.plan')
      .where('users.id', userId)
      .select('plans.render_quality', 'plans.watermark')
      .first()
    return row ? { quality: row.render_quality, watermark: row.watermark } : FALLBACK
  }
}
