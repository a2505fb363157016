import db from '@adonisjs/lucid/services/db'
import type Project from '#studio/models/project'

/**
 * How long renders take here, before any was measured: a fixed part (the
 * request, the scene jobs and the voice-over beside them, the join) and a
 * part per scene that grows a little slower than the frame's pixels (each
 * encode has a cost of its own, and the soundtrack's share). Fitted to
 * `npm run bench:e2e` on a quiet 2-core machine, Generate Final Video to
 * done for 6 scenes: 720p in 5.2 s, 1080p in 10.1 s, 2160p in 34.3 s
 * (docs/product.md, Status).
 */
const PRIOR = { fixedSeconds: 0.8, perSceneSeconds: 0.78, pixelExponent: 0.93 }
/** The recent renders a machine's own speed is read from. */
const RECENT = 20
/** A machine is taken to be at most this many times slower or faster than the prior. */
const SPEED_LIMITS = [0.25, 4] as const

export type RenderEstimate = {
  /** The whole run, queued to done. */
  totalSeconds: number
  /** What is left of it now (at least a second while it runs). */
  remainingSeconds: number
  /** It has run past its estimate by more than a third. */
  overdue: boolean
}

function priorSeconds(pixels: number, scenes: number) {
  const megapixels = pixels / 1_000_000
  return PRIOR.fixedSeconds + scenes * PRIOR.perSceneSeconds * megapixels ** PRIOR.pixelExponent
}

/**
 * The status page's estimate (docs/product.md, Status): the prior for the
 * run's frame and scene count, scaled by how this installation's last
 * renders compared with their own priors, less the time already spent.
 */
export class RenderEstimates {
  async forRun(project: Project, now = Date.now()): Promise<RenderEstimate | null> {
    const { renderPixels, renderScenes, renderStartedAt } = project
    if (!renderPixels || !renderScenes || !renderStartedAt) return null
    const totalSeconds = Math.round(
      priorSeconds(renderPixels, renderScenes) * (await this.#speed())
    )
    const elapsed = (now - renderStartedAt.toMillis()) / 1000
    return {
      totalSeconds,
      remainingSeconds: Math.max(1, Math.round(totalSeconds - elapsed)),
      overdue: elapsed > totalSeconds * (4 / 3),
    }
  }

  /** The median of recent renders' measured ÷ prior times; 1 before there are any. */
  async #speed() {
    const rows: { seconds: number; pixels: number; scenes: number }[] = await db
      .from('projects')
      .whereNotNull('render_finished_at')
      .where('status', 'done')
      .whereNotNull('render_pixels')
      .orderBy('render_finished_at', 'desc')
      .limit(RECENT)
      .select(
        db.raw('extract(epoch from render_finished_at - render_started_at)::float as seconds'),
        'render_pixels as pixels',
        'render_scenes as scenes'
      )
    const ratios = rows
      .filter((row) => row.seconds > 0)
      .map((row) => row.seconds / priorSeconds(row.pixels, row.scenes))
      .sort((a, b) => a - b)
    if (ratios.length === 0) return 1
    const median = ratios[Math.floor(ratios.length / 2)]
    return Math.min(SPEED_LIMITS[1], Math.max(SPEED_LIMITS[0], median))
  }
}
