import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { MediaStorage } from '#media/services/media_storage'
import Project from '#studio/models/project'
import Scene, { SCENE_SECONDS } from '#studio/models/scene'

export type SceneEditResult<T> =
  | { status: 'done'; value: T }
  | { status: 'project_busy' }
  | { status: 'order_out_of_range'; max: number }

const EDITABLE = new Set(['draft', 'failed', 'done'])

/**
 * Adds, edits and removes storyboard scenes while keeping their order dense
 * (1..n). Each change runs in one transaction with the project row locked,
 * so concurrent edits can't leave gaps or duplicates.
 */
@inject()
export class EditScenes {
  constructor(private storage: MediaStorage) {}

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
          status: 'pending',
        },
        { client: trx }
      )
      return { status: 'done', value: scene } as const
    })
  }

  async update(scene: Scene, input: { prompt?: string }) {
    const project = await Project.findOrFail(scene.projectId)
    const source = scene.clipSourceKey
    const result = await this.#inProject(project, async (trx) => {
      scene.useTransaction(trx)
      if (input.prompt !== undefined && input.prompt !== scene.prompt) {
        // Its clip source showed the old words: the next render makes a new one.
        scene.merge({
          prompt: input.prompt,
          status: 'pending',
          errorMessage: null,
          clipSourceKey: null,
        })
      }
      await scene.save()
      return { status: 'done', value: scene } as const
    })
    if (source && result.status === 'done' && !result.value.clipSourceKey) {
      await this.storage.delete(source)
    }
    return result
  }

  async remove(scene: Scene) {
    const project = await Project.findOrFail(scene.projectId)
    return this.#inProject(project, async (trx) => {
      await trx.from('scenes').where('id', scene.id).delete()
      await trx
        .from('scenes')
        .where('project_id', project.id)
        .where('order', '>', scene.order)
        .decrement('order', 1)
      // The files the scene leaves behind, for the caller to delete once committed.
      const files = [scene.thumbnailKey, scene.clipSourceKey, scene.videoKey]
      return { status: 'done', value: files.filter((key): key is string => Boolean(key)) } as const
    })
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
      if (!EDITABLE.has(locked.status)) {
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
