import { inject } from '@adonisjs/core'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'

/**
 * Removes pictures no scene shows any more: the rows, then their files
 * (docs/product.md, Image to Video).
 */
@inject()
export class DeletePictures {
  constructor(private storage: MediaStorage) {}

  async handle(pictureIds: readonly number[]) {
    if (pictureIds.length === 0) return
    const pictures = await Picture.query().whereIn('id', [...new Set(pictureIds)])
    await Picture.query()
      .whereIn(
        'id',
        pictures.map((picture) => picture.id)
      )
      .delete()
    for (const picture of pictures) {
      await this.storage.delete(picture.key)
      await this.storage.delete(picture.thumbnailKey)
    }
  }
}
