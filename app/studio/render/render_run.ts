import db from '@adonisjs/lucid/services/db'
import Project, { ACTIVE_STATUSES, isActive } from '#studio/models/project'
import Scene from '#studio/models/scene'
import { PlanEffects } from '#billing/queries/plan_effects'
import { progressForScenes } from '#studio/render/render_settings'
import { ProjectEvents } from '#studio/render/progress_relay'
import type { VideoLifecycle, RenderOutput } from '#studio/render/video_lifecycle'

/**
 * What a render job needs to know about its run, re-read at each step so a
 * cancel (or a newer run) makes it stop without writing anything.
 */
/** What a scene's render made: its clip source, preview and still (with the words it shows). */
export type MadeClip = {
  clipSourceKey: string
  videoKey: string | null
  thumbnailKey: string | null
  thumbnailPrompt: string | null
}

export class RenderRun {
  readonly #lifecycle: VideoLifecycle
  readonly #events: ProjectEvents

  private constructor(
    readonly project: Project,
    readonly run: number,
    lifecycle: VideoLifecycle,
    events = new ProjectEvents()
  ) {
    this.#events = events
    this.#lifecycle = lifecycle
  }

  /** The run, while it is still the project's active one; its transitions go through `lifecycle`. */
  static async load(projectId: number, run: number, lifecycle: VideoLifecycle) {
    const project = await Project.find(projectId)
    if (!project || project.renderRun !== run || !isActive(project.status)) return null
    return new RenderRun(project, run, lifecycle)
  }

  async stillActive() {
    const project = await Project.find(this.project.id)
    return project !== null && project.renderRun === this.run && isActive(project.status)
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
   * Marks a scene completed, only while this run is still active. With
   * `made`, it also records the clip source just made, only if the scene
   * still has none and still shows `prompt`: a cancel or an edit in between
   * wins, and the caller deletes what it made. False when nothing changed.
   */
  async completeScene(scene: Scene, made?: MadeClip) {
    const query = db
      .from('scenes')
      .where('id', scene.id)
      .whereExists((project) =>
        project
          .from('projects')
          .where('projects.id', this.project.id)
          .where('projects.render_run', this.run)
          .whereIn('projects.status', [...ACTIVE_STATUSES])
      )
    if (made) {
      query.whereNull('clip_source_key').where('prompt', scene.prompt)
    }
    const updated = await query.update({
      status: 'completed',
      error_message: null,
      updated_at: new Date(),
      ...(made && {
        clip_source_key: made.clipSourceKey,
        video_key: made.videoKey,
        thumbnail_key: made.thumbnailKey,
        thumbnail_prompt: made.thumbnailPrompt,
      }),
    })
    return Number(updated) > 0
  }

  /** The owner's plan decides the render quality and the watermark (plan rows, not slugs). */
  async settings() {
    return new PlanEffects().forUser(this.project.userId)
  }

  /** Moves the project on, never backwards, and only within this run (announced). */
  async advance(stage: 'process' | 'render', progress: number) {
    await this.#lifecycle.advance(this.project.id, this.run, stage, progress)
  }

  /** The finished video; false when this run ended meanwhile. */
  async complete(output: RenderOutput) {
    return this.#lifecycle.complete(this.project.id, this.run, output)
  }

  /** Ends this run as failed, refunding it (announced). */
  async fail(message: string) {
    return this.#lifecycle.fail(this.project.id, this.run, message)
  }

  /** A scene's work begins: the storyboard hears of it. */
  async startScene(scene: Scene) {
    await scene.merge({ status: 'processing', errorMessage: null }).save()
    await this.#events.announce(this.project.id)
  }

  async recordSceneProgress() {
    const scenes = await Scene.query().where('project_id', this.project.id)
    const completed = scenes.filter((scene) => scene.status === 'completed').length
    await this.advance('process', progressForScenes(completed, scenes.length))
  }
}
