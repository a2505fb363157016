import { inject } from '@adonisjs/core'
import { DeletePictures } from '#media/actions/delete_pictures'
import { MediaStorage } from '#media/services/media_storage'
import type Brand from '#studio/models/brand'
import { brandCardsFolder } from '#studio/render/run_ids'

/**
 * Deletes a brand kit, its logo and its encoded cards. A video made with it keeps the look it
 * was made with (its own snapshot, with its own copy of the logo), so
 * nothing already made changes.
 */
@inject()
export class DeleteBrand {
  constructor(
    private deletePictures: DeletePictures,
    private storage: MediaStorage
  ) {}

  async handle(brand: Brand) {
    await brand.delete()
    if (brand.logoPictureId) await this.deletePictures.handle([brand.logoPictureId])
    await this.storage.deletePrefix(brandCardsFolder(brand.id))
  }
}
