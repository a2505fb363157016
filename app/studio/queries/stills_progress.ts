import db from '@adonisjs/lucid/services/db'

/** How far an AI-images project's stills are: drawn, or failed for good (docs/product.md, Setup). */
export type StillsProgress = { projectId: number; ready: number; total: number; settled: boolean }

/**
 * The stills /setup waits for, counted in one read: the wait's prop and the
 * live event each drawn or failed still sends on the project's channel.
 * The caller has checked the project is the viewer's.
 */
export async function stillsProgress(projectId: number): Promise<StillsProgress> {
  const counts = await db
    .from('scenes')
    .where('project_id', projectId)
    .select(
      db.raw('count(*)::int as total'),
      db.raw('count(thumbnail_key)::int as ready'),
      db.raw(`count(*) filter (where thumbnail_key is null and status = 'failed')::int as failed`)
    )
    .firstOrFail()
  const { total, ready, failed } = counts as { total: number; ready: number; failed: number }
  return { projectId, ready, total, settled: total > 0 && ready + failed === total }
}
