import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { SweepPictures } from '#media/actions/sweep_pictures'
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from '#media/services/picture_files'
import { PictureUploads } from '#media/services/picture_uploads'
import {
  UPLOAD_EMPTY,
  UPLOAD_INTERRUPTED,
  UPLOAD_NOT_RAW,
  pictureUploadValidator,
} from '#media/validators/picture'

/**
 * Image to Video uploads (docs/product.md, Image to Video): an upload URL,
 * and on the fs disk the PUT to it. The bytes are only stored here; turning
 * them into a picture (POST /api/pictures) checks them.
 */
@inject()
export default class PictureUploadsController {
  constructor(private uploads: PictureUploads) {}

  /** POST /api/pictures/uploads: where to PUT the file's bytes. */
  @inject()
  async store({ auth, request, response }: HttpContext, sweep: SweepPictures) {
    const { size } = await request.validateUsing(pictureUploadValidator)
    if (size !== undefined && size > MAX_PICTURE_BYTES) {
      return response.requestEntityTooLarge({ message: PICTURE_MESSAGES.tooLarge })
    }
    await sweep.whenDue()
    return response.created(await this.uploads.issue(auth.getUserOrFail().id))
  }

  /**
   * PUT /api/pictures/uploads/{upload}?expires&signature: the raw bytes,
   * read only once the URL's signature is checked for the signed-in user.
   */
  async update({ auth, params, request, response }: HttpContext) {
    const userId = auth.getUserOrFail().id
    const { expires, signature } = request.qs()
    switch (this.uploads.check(userId, params.upload, expires, signature)) {
      case 'tampered':
        return response.forbidden({ message: 'Authorization required' })
      case 'expired':
        return response.forbidden({ message: 'Request has expired' })
    }
    // JSON, form or text bodies were parsed (and so consumed) before this ran
    if (request.bodyType !== undefined && request.bodyType !== 'unknown') {
      return response.unsupportedMediaType({ message: UPLOAD_NOT_RAW })
    }
    const received = await this.uploads.receive(userId, params.upload, request.request)
    switch (received.status) {
      case 'stored':
        return response.ok({ upload: params.upload as string, size: received.size })
      case 'empty':
        return response.unprocessableEntity({ message: UPLOAD_EMPTY })
      case 'interrupted':
        return response.badRequest({ message: UPLOAD_INTERRUPTED })
      case 'too_large':
        if (!received.drained) response.header('connection', 'close')
        return response.requestEntityTooLarge({ message: PICTURE_MESSAGES.tooLarge })
    }
  }
}
