import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { DeleteOwnPicture } from '#media/actions/delete_own_picture'
import { ImportPicture } from '#media/actions/import_picture'
import { StorePicture } from '#media/actions/store_picture'
import type Picture from '#media/models/picture'
import { OwnedPictures } from '#media/queries/owned_pictures'
import { MediaStorage } from '#media/services/media_storage'
import { PICTURE_MESSAGES } from '#media/services/picture_files'
import { PictureUploads } from '#media/services/picture_uploads'
import { servePicture } from '#media/transformers/picture_transformer'
import {
  PICTURE_ATTACHED,
  UPLOAD_NOT_FOUND,
  pictureImportValidator,
  pictureValidator,
} from '#media/validators/picture'

/**
 * A creator's own pictures for Image to Video (docs/product.md, Image to
 * Video): made from an upload or from a URL, read and deleted by their owner.
 */
@inject()
export default class PicturesController {
  constructor(
    private storePicture: StorePicture,
    private storage: MediaStorage
  ) {}

  /** POST /api/pictures: the user's raw upload, checked and turned into a picture. */
  @inject()
  async store({ auth, request, response }: HttpContext, uploads: PictureUploads) {
    const { upload } = await request.validateUsing(pictureValidator)
    const userId = auth.getUserOrFail().id
    const taken = await uploads.take(userId, upload)
    switch (taken.status) {
      case 'missing':
        return response.notFound({ message: UPLOAD_NOT_FOUND })
      case 'too_large':
        return response.requestEntityTooLarge({ message: PICTURE_MESSAGES.tooLarge })
    }
    const stored = await this.storePicture.handle(userId, taken.bytes)
    switch (stored.status) {
      case 'stored':
        return response.created({ picture: await this.#serialize(stored.picture) })
      case 'refused':
        return stored.reason === 'tooLarge'
          ? response.requestEntityTooLarge({ message: PICTURE_MESSAGES.tooLarge })
          : response.unprocessableEntity({ message: PICTURE_MESSAGES[stored.reason] })
    }
  }

  /** POST /api/pictures/import: the file at a URL, fetched safely, then the same checks. */
  @inject()
  async import({ auth, request, response }: HttpContext, importPicture: ImportPicture) {
    const { url } = await request.validateUsing(pictureImportValidator)
    const imported = await importPicture.handle(auth.getUserOrFail().id, url)
    switch (imported.status) {
      case 'stored':
        return response.created({ picture: await this.#serialize(imported.picture) })
      case 'refused':
        return response.unprocessableEntity({ message: imported.message })
    }
  }

  /** GET /api/pictures/{id}: the owner's picture, with fresh signed URLs. */
  async show({ auth, params }: HttpContext) {
    const picture = await new OwnedPictures().findOrFail(auth.getUserOrFail().id, params.id)
    return { picture: await this.#serialize(picture) }
  }

  /** DELETE /api/pictures/{id}: a picture no scene shows, with its files. */
  @inject()
  async destroy({ auth, params, response }: HttpContext, deletion: DeleteOwnPicture) {
    switch (await deletion.handle(auth.getUserOrFail().id, params.id)) {
      case 'deleted':
        return response.noContent()
      case 'attached':
        return response.conflict({ message: PICTURE_ATTACHED })
      case 'missing':
        return response.notFound({ message: 'Picture not found' })
    }
  }

  async #serialize(picture: Picture) {
    return servePicture(picture, this.storage)
  }
}
