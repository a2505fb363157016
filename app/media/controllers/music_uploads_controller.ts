import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { MusicUploads } from '#media/services/music_uploads'
import {
  AUDIO_TOO_LARGE,
  MISSING_META,
  NOT_AUDIO,
  UNSUPPORTED_AUDIO,
  musicUploadValidator,
} from '#media/validators/music_upload'
import type { ReceivedAudio, VerifiedAudio } from '#media/services/music_uploads'

/**
 * Audio uploads for the music library (the operator only, see routes.ts):
 * an upload URL, the PUT to it on the fs disk, and the check of what arrived.
 */
@inject()
export default class MusicUploadsController {
  constructor(private uploads: MusicUploads) {}

  /** POST /api/music/upload */
  async store({ auth, request, response }: HttpContext) {
    const { name } = await request.validateUsing(musicUploadValidator)
    if (!name) return response.unprocessableEntity({ message: MISSING_META })
    const ticket = await this.uploads.issue(auth.getUserOrFail().id, name)
    switch (ticket.status) {
      case 'issued':
        return response.created({
          uploadURL: ticket.uploadURL,
          method: 'PUT',
          headers: { 'content-type': ticket.contentType },
        })
      case 'unsupported_type':
        return response.unprocessableEntity({ message: UNSUPPORTED_AUDIO })
    }
  }

  /** PUT /api/music/uploads/{objectname}?expires&signature: the bytes, read only once signed. */
  async update({ auth, params, request, response }: HttpContext) {
    const { expires, signature } = request.qs()
    switch (this.uploads.check(auth.getUserOrFail().id, params.name, expires, signature)) {
      case 'tampered':
        return response.forbidden({ message: 'Authorization required' })
      case 'expired':
        return response.forbidden({ message: 'Request has expired' })
      case 'valid':
        return this.#answer(
          response,
          params.name,
          await this.uploads.receive(params.name, request.request)
        )
    }
  }

  /** POST /api/music/uploads/{objectname}/verify: the stored file is audio of its kind. */
  async verify({ params, response }: HttpContext) {
    return this.#answer(response, params.name, await this.uploads.verify(params.name))
  }

  #answer(response: HttpContext['response'], name: string, result: ReceivedAudio | VerifiedAudio) {
    switch (result.status) {
      case 'stored':
        return response.ok({ fileUrl: `/music/${name}`, duration: result.durationSeconds })
      case 'missing':
        return response.notFound({ message: 'No uploaded file by that name' })
      case 'too_large':
        return response.status(413).json({ message: AUDIO_TOO_LARGE })
      case 'not_audio':
        return response.unprocessableEntity({ message: NOT_AUDIO })
    }
  }
}
