import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CopyPictures } from '#media/actions/copy_pictures'
import { MediaStorage } from '#media/services/media_storage'
import { QueueSceneStills } from '#studio/actions/queue_scene_stills'
import Project from '#studio/models/project'
import Scene from '#studio/models/scene'
import { DRAWN_SCENE, NEW_SCENE } from '#studio/render/scene_lifecycle'
import { NEW_VIDEO } from '#studio/render/video_lifecycle'
import { currentScript } from '#studio/styles'

/**
 * Duplicate (docs/product.md, Player): a new draft of the same owner with
 * the source's settings and mode and a copy of each scene, in one
 * transaction, so the copy has the same scenes and costs the same credits.
 * Image to Video: each scene shows a copy of its picture (a picture shows
 * in one scene only). AI Images to Video: each drawn still is copied with
 * the words it was drawn from; a scene without one has its still queued
 * once the copy has committed. Nothing of a render is copied: the copy is
 * generated afresh.
 */
@inject()
export class DuplicateProject {
  constructor(
    private copyPictures: CopyPictures,
    private storage: MediaStorage,
    private queueStills: QueueSceneStills
  ) {}

  async handle(source: Project) {
    const scenes = await Scene.query().where('project_id', source.id).orderBy('order')
    const drawsStills = source.generationMode === 'ai-images-to-video'
    const copy = await db.transaction(async (trx) => {
      const project = await Project.create(
        {
          userId: source.userId,
          script: currentScript(source, scenes),
          style: source.style,
          styleTemplate: source.styleTemplate,
          music: source.music,
          voice: source.voice,
          aspectRatio: source.aspectRatio,
          captions: source.captions,
          // The same kit; its snapshot is taken afresh when the copy renders.
          brandId: source.brandId,
          targetSeconds: source.targetSeconds,
          generationMode: source.generationMode,
          sourceImageUrl: source.sourceImageUrl,
          ...NEW_VIDEO,
        },
        { client: trx }
      )
      const pictures = await this.copyPictures.handle(
        source.userId,
        scenes.flatMap((scene) => (scene.pictureId ? [scene.pictureId] : [])),
        trx
      )
      for (const scene of scenes) {
        const drawn =
          drawsStills &&
          scene.thumbnailKey !== null &&
          (await this.storage.exists(scene.thumbnailKey))
        const copied = await Scene.create(
          {
            projectId: project.id,
            prompt: scene.prompt,
            duration: scene.duration,
            order: scene.order,
            pictureId: scene.pictureId ? (pictures.get(scene.pictureId) ?? null) : null,
            ...(drawn ? DRAWN_SCENE : NEW_SCENE),
          },
          { client: trx }
        )
        if (drawn) await this.#copyStill(scene, copied, trx)
      }
      return project
    })
    if (drawsStills) await this.#queueMissingStills(copy)
    return copy
  }

  /** The still under the copy's own folder, with the words it was drawn from. */
  async #copyStill(scene: Scene, copied: Scene, trx: TransactionClientContract) {
    const key = `projects/${copied.projectId}/scenes/${copied.id}/still-${Date.now()}.jpg`
    await this.storage.copy(scene.thumbnailKey!, key)
    trx.after('rollback', () => this.storage.delete(key))
    await copied.merge({ thumbnailKey: key, thumbnailPrompt: scene.thumbnailPrompt }).save()
  }

  async #queueMissingStills(project: Project) {
    const undrawn = await Scene.query().where('project_id', project.id).whereNull('thumbnail_key')
    for (const scene of undrawn) await this.queueStills.forScene(scene)
  }
}
