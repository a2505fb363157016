import { inject } from '@adonisjs/core'
import { QueueService } from '#core/queue/queue_service'
import { isGenerating } from '#studio/public/statuses'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'
import { SceneLifecycle } from '#studio/render/scene_lifecycle'
import { sceneStillJobId } from '#studio/render/run_ids'
import { showsPicture } from '#studio/services/scene_pictures'

/**
 * Puts still generation for scenes on the queue, marking them pending. A
 * scene showing the creator's picture has no still to draw
 * (docs/product.md, Image to Video).
 */
@inject()
export class QueueSceneStills {
  constructor(
    private queues: QueueService,
    private scenes: SceneLifecycle
  ) {}

  async forProject(project: Project) {
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')
    for (const scene of scenes) {
      if (!showsPicture(project, scene)) await this.#queue(scene)
    }
  }

  /**
   * A scene of a project being generated keeps its still: the render is
   * using it. A scene showing the creator's picture has no still to draw.
   */
  async forScene(scene: Scene): Promise<'queued' | 'project_busy' | 'picture_scene'> {
    const project = await Project.findOrFail(scene.projectId)
    if (showsPicture(project, scene)) return 'picture_scene'
    if (isGenerating(project.status)) {
      return 'project_busy'
    }
    await this.#queue(scene)
    return 'queued'
  }

  async #queue(scene: Scene) {
    await this.scenes.queueStill(scene)
    await this.queues.dispatch(
      GenerateSceneStillJob,
      { sceneId: scene.id },
      { jobId: sceneStillJobId(scene.id, scene.updatedAt.toMillis()) }
    )
  }
}
