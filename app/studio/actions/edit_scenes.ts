import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AttachPictures } from '#media/actions/attach_pictures'
import { DeletePictures } from '#media/actions/delete_pictures'
import { OwnedPictures } from '#media/queries/owned_pictures'
import { MediaStorage } from '#media/services/media_storage'
import { isGenerating } from '#studio/public/statuses'
import Project from '#studio/models/project'
import Scene, { SCENE_SECONDS } from '#studio/models/scene'
import { NEW_SCENE, SceneLifecycle } from '#studio/render/scene_lifecycle'

export type SceneEditResult<T> =
  | { status: 'done'; value: T }
  | { status: 'project_busy' }
  | { status: 'order_out_of_range'; max: number }
  /** Image to Video: every scene shows a picture. */
  | { status: 'picture_required' }
  /** Pictures belong to Image to Video projects. */
  | { status: 'picture_not_in_mode' }
  /** Not the user's picture, or shown by a scene already. */
  | { status: 'picture_unavailable' }

type SceneChanges = { prompt?: string; order?: number; pictureId?: number }

/**
 * Adds, edits, moves and removes storyboard scenes while keeping their
 * order dense (1..n). Each change runs in one transaction with the project
 * row locked, so concurrent edits can't leave gaps or duplicates. In Image
 * to Video a scene's picture is taken in the same transaction, and a
 * picture no scene shows any more is deleted once it commits
 * (docs/product.md, Image to Video).
 */
@inject()
export class EditScenes {
  constructor(
    private storage: MediaStorage,
    private scenes: SceneLifecycle,
    private deletePictures: DeletePictures
  ) {}

  async add(project: Project, input: { prompt: string; order?: number; pictureId?: number }) {
    return this.#inProject(project, async (trx, count, locked) => {
      const order = input.order ?? count + 1
      if (order > count + 1) {
        return { status: 'order_out_of_range', max: count + 1 } as const
      }
      const refused = await this.#takePicture(locked, input.pictureId, trx, true)
      if (refused) return refused
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
          pictureId: input.pictureId ?? null,
          ...NEW_SCENE,
        },
        { client: trx }
      )
      return { status: 'done', value: scene } as const
    })
  }

  async update(scene: Scene, input: SceneChanges) {
    const project = await Project.findOrFail(scene.projectId)
    let stale: (string | null)[] = []
    let released: number[] = []
    const result = await this.#inProject(project, async (trx, count, locked) => {
      // Read again under lock: a render job may have written the scene since it was loaded.
      const lockedScene = await Scene.query({ client: trx })
        .where('id', scene.id)
        .forUpdate()
        .firstOrFail()
      if (input.order !== undefined && input.order > count) {
        return { status: 'order_out_of_range', max: count } as const
      }
      const changes: { prompt?: string; pictureId?: number } = {}
      if (input.prompt !== undefined && input.prompt !== lockedScene.prompt) {
        changes.prompt = input.prompt
      }
      if (input.pictureId !== undefined && input.pictureId !== lockedScene.pictureId) {
        const refused = await this.#takePicture(locked, input.pictureId, trx, false)
        if (refused) return refused
        changes.pictureId = input.pictureId
        if (lockedScene.pictureId) released = [lockedScene.pictureId]
      }
      if (Object.keys(changes).length > 0) {
        // Its clip source and preview showed the old words or picture: the next render makes new ones.
        stale = [lockedScene.clipSourceKey, lockedScene.videoKey]
        await this.scenes.change(lockedScene, changes, trx)
      }
      if (input.order !== undefined && input.order !== lockedScene.order) {
        await this.scenes.move(lockedScene, input.order, trx)
      }
      return { status: 'done', value: lockedScene } as const
    })
    await this.#deleteFiles(stale)
    await this.deletePictures.handle(released)
    return result
  }

  async remove(scene: Scene) {
    const project = await Project.findOrFail(scene.projectId)
    let files: (string | null)[] = []
    let released: number[] = []
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
      released = fresh.pictureId ? [fresh.pictureId] : []
      return { status: 'done', value: fresh } as const
    })
    await this.#deleteFiles(files)
    await this.deletePictures.handle(released)
    return result
  }

  /**
   * The picture a scene of `project` is to show, taken for it; a refusal
   * when it cannot be. `required`: a new scene of an Image to Video project
   * must bring one.
   */
  async #takePicture(
    project: Project,
    pictureId: number | undefined,
    trx: TransactionClientContract,
    required: boolean
  ) {
    const pictureMode = project.generationMode === 'image-to-video'
    if (pictureId === undefined) {
      return required && pictureMode ? ({ status: 'picture_required' } as const) : null
    }
    if (!pictureMode) return { status: 'picture_not_in_mode' } as const
    const [picture] = await new OwnedPictures().find(project.userId, [pictureId], trx)
    if (!picture || !(await new AttachPictures().handle([pictureId], trx))) {
      return { status: 'picture_unavailable' } as const
    }
    return null
  }

  /** Files are deleted once the rows that named them are gone for good (committed). */
  async #deleteFiles(keys: (string | null)[]) {
    for (const key of new Set(keys)) {
      if (key) await this.storage.delete(key)
    }
  }

  async #inProject<T>(
    project: Project,
    change: (
      trx: TransactionClientContract,
      sceneCount: number,
      locked: Project
    ) => Promise<SceneEditResult<T>>
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
      return change(trx, Number(count), locked)
    })
  }
}
