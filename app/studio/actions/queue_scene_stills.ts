import { inject } from '@adonisjs/core'
import { QueueService } from '#core/queue/queue_service'
import type Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import GenerateSceneStillJob from '#studio/jobs/generate_scene_still_job'

/**
 * Puts still generation for scenes on the queue, marking them pending.
 */
@inject()
export class QueueSceneStills {
  constructor(private queues: QueueService) {}

  async forProject(project: Project) {
    const scenes = await Scene.query().where('project_id', project.id).orderBy('order')
    for (const scene of scenes) {
      await this.forScene(scene)
    }
  }

  async forScene(scene: Scene) {
    scene.merge({ status: 'pending', errorMessage: null })
    await scene.save()
    await this.queues.dispatch(
      GenerateSceneStillJob,
      { sceneId: scene.id },
      { jobId: `scene-still-${scene.id}-${scene.updatedAt.toMillis()}` }
    )
  }
}
