import { isGenerating } from '#studio/public/statuses'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { PlanEffects, type RenderEffects } from '#billing/queries/plan_effects'
import { progressForScenes, renderSizeFor } from '#studio/render/render_settings'

/**
 * What a render job needs to know about its run, re-read at each step so a
 * cancel (or a newer run) makes it stop without writing anything. Its
 * transitions are `VideoLifecycle`'s and `SceneLifecycle`'s, keyed to `run`.
 */
export class RenderRun {
  private constructor(
    readonly project: Project,
    readonly run: number,
    private effects: RenderEffects | undefined
  ) {}

  /**
   * The run, while it is still the project's generating one, with the
   * render quality and watermark frozen when it started (its jobs' `effects`).
   */
  static async load(projectId: number, run: number, effects?: RenderEffects) {
    const project = await Project.find(projectId)
    if (!project || project.renderRun !== run || !isGenerating(project.status)) return null
    return new RenderRun(project, run, effects)
  }

  async stillActive() {
    const project = await Project.find(this.project.id)
    return project !== null && project.renderRun === this.run && isGenerating(project.status)
  }

  /**
   * A signal that aborts once this run is over (cancelled, failed, or
   * replaced), checked every `everyMs`: running ffmpeg and provider calls
   * stop at once instead of finishing work nobody will see.
   */
  watch(everyMs = 1000) {
    const controller = new AbortController()
    let checking = false
    const timer = setInterval(async () => {
      if (checking || controller.signal.aborted) return
      checking = true
      try {
        if (!(await this.stillActive())) controller.abort(new Error('The render was stopped'))
      } catch {
        // The database is unreachable for a moment: the next tick asks again.
      } finally {
        checking = false
      }
    }, everyMs)
    return { signal: controller.signal, stop: () => clearInterval(timer) }
  }

  /**
   * The run's render quality and watermark: as the owner's plan gave them
   * when the run started, so a plan changed meanwhile changes no frame of it.
   * A run queued before runs carried them asks the plan (plan rows, not slugs).
   */
  async settings() {
    return this.effects ?? new PlanEffects().forUser(this.project.userId)
  }

  /** The run's frame: its aspect ratio at the quality frozen when it started. */
  async frame() {
    const { quality } = await this.settings()
    return renderSizeFor(this.project.aspectRatio, quality)
  }

  /** How far the scenes' clips have come, as the video's progress. */
  async sceneProgress() {
    const scenes = await Scene.query().where('project_id', this.project.id)
    const completed = scenes.filter((scene) => scene.status === 'completed').length
    return progressForScenes(completed, scenes.length)
  }
}
