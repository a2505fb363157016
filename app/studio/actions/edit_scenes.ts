import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MediaStorage } from '#media/services/media_storage'
import { isGenerating } from '#shared/statuses'
import Project from '#studio/models/project'
import Scene, { SCENE_SECONDS } from '#studio/models/scene'
import { NEW_SCENE, SceneLifecycle } from '#studio/render/scene_lifecycle'

export type SceneEditResult<T> =
  | { status: 'done'; value: T }
  | { status: 'project_busy' }
  | { status: 'order_out_of_range'; max: number }

/**
 * Adds, edits and removes storyboard scenes while keeping their order dense
 * (1..n). Each change runs in one transaction with the project row locked,
 * so concurrent edits can't leave gaps or duplicates.
 */
@inject()
export class EditScenes {
  constructor(
    private storage: MediaStorage,
    private scenes: SceneLifecycle
  ) {}

  async add(project: Project, input: { prompt: string; order?: number }) {
    return this.#inProject(project, async (trx, count) => {
      const order = input.order ?? count + 1
      if (order > count + 1) {
        return { status: 'order_out_of_range', max: count + 1 } as const
      }
      await trx
        .from('scenes')
        .where('project_id', project.id)
        .where('order', '>=', order)
        .increment('order', 1)
      const scene = await Scene.create(
        {
          projectId: project.id,
          prompt: input.prompt,
          duration: SCENE_SECONDS,
          order,
          ...NEW_SCENE,
        },
        { client: trx }
      )
      return { status: 'done', value: scene } as const
    })
  }

  async update(scene: Scene, input: { prompt?: string }) {
    const project = await Project.findOrFail(scene.projectId)
    let stale: (string | null)[] = []
    const result = await this.#inProject(project, async (trx) => {
      // Read again under lock: a render job may have written the scene since it was loaded.
      const lockedScene = await Scene.query({ client: trx })
        .where('id', scene.id)
        .forUpdate()
        .firstOrFail()
      if (input.prompt !== undefined && input.prompt !== lockedScene.prompt) {
        // Its clip source and preview showed the old words: the next render makes new ones.
        stale = [lockedScene.clipSourceKey, lockedScene.videoKey]
        await this.scenes.reword(lockedScene, input.prompt, trx)
      }
      return { status: 'done', value: lockedScene } as const
    })
    await this.#deleteFiles(stale)
    return result
  }

  async remove(scene: Scene) {
    const project = await Project.findOrFail(scene.projectId)
    let files: (string | null)[] = []
    const result = await this.#inProject(project, async (trx) => {
      const fresh = await Scene.query({ client: trx })
        .where('id', scene.id)
        .forUpdate()
        .firstOrFail()
      await trx.from('scenes').where('id', fresh.id).delete()
      await trx
        .from('scenes')
        .where('project_id', project.id)
        .where('order', '>', fresh.order)
        .decrement('order', 1)
      files = [fresh.thumbnailKey, fresh.clipSourceKey, fresh.videoKey]
      return { status: 'done', value: fresh } as const
    })
    await this.#deleteFiles(files)
    return result
  }

  /** Files are deleted once the rows that named them are gone for good (committed). */
  async #deleteFiles(keys: (string | null)[]) {
    for (const key of new Set(keys)) {
      if (key) await this.storage.delete(key)
    }
  }

  async #inProject<T>(
    project: Project,
    change: (trx: TransactionClientContract, sceneCount: number) => Promise<SceneEditResult<T>>
  ): Promise<SceneEditResult<T>> {
    return db.transaction(async (trx) => {
      const locked = await Project.query({ client: trx })
        .where('id', project.id)
        .forUpdate()
        .firstOrFail()
      if (isGenerating(locked.status)) {
        return { status: 'project_busy' } as const
      }
      const [{ count }] = await trx
        .from('scenes')
        .where('project_id', project.id)
        .count('* as count')
      return change(trx, Number(count))
    })
  }
}
