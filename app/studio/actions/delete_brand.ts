import { inject } from '@adonisjs/core'
import { DeletePictures } from '#media/actions/delete_pictures'
import type Brand from '#studio/models/brand'

/**
 * Deletes a brand kit and its logo. A video made with it keeps the look it
 * was made with (its own snapshot, with its own copy of the logo), so
 * nothing already made changes.
 */
@inject()
export class DeleteBrand {
  constructor(private deletePictures: DeletePictures) {}

  async handle(brand: Brand) {
    await brand.delete()
    if (brand.logoPictureId) await this.deletePictures.handle([brand.logoPictureId])
  }
}
