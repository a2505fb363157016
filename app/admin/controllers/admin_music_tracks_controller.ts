import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { DeleteMusicTrack } from '#media/actions/delete_music_track'
import { SaveMusicTrack } from '#media/actions/save_music_track'
import { ListMusicTracks } from '#media/queries/list_music_tracks'
import MusicTrackTransformer from '#media/transformers/music_track_transformer'
import { musicTrackValidator } from '#media/validators/music_track'

/**
 * The music library for the operator: /admin/music and
 * /api/admin/music-tracks, writing through media's actions.
 */
export default class AdminMusicTracksController {
  /** /admin/music */
  async show({ inertia }: HttpContext) {
    return inertia.render('admin/music', {
      tracks: MusicTrackTransformer.transform(await new ListMusicTracks().all()),
    })
  }

  async index() {
    return apiSerializer.serialize(
      MusicTrackTransformer.transform(await new ListMusicTracks().all())
    )
  }

  @inject()
  async store({ request, response }: HttpContext, saveTrack: SaveMusicTrack) {
    const input = await request.validateUsing(musicTrackValidator)
    return this.#answer(response, await saveTrack.handle(input), 201)
  }

  @inject()
  async update({ params, request, response }: HttpContext, saveTrack: SaveMusicTrack) {
    const input = await request.validateUsing(musicTrackValidator)
    return this.#answer(response, await saveTrack.handle(input, Number(params.id)), 200)
  }

  @inject()
  async destroy({ params, response }: HttpContext, deleteTrack: DeleteMusicTrack) {
    switch (await deleteTrack.handle(Number(params.id))) {
      case 'deleted':
        return response.ok({ message: 'Music track deleted successfully' })
      case 'not_found':
        return response.notFound({ message: 'Music track not found' })
    }
  }

  async #answer(
    response: HttpContext['response'],
    result: Awaited<ReturnType<SaveMusicTrack['handle']>>,
    status: 200 | 201
  ) {
    switch (result.status) {
      case 'saved':
        return response
          .status(status)
          .json(await apiSerializer.serialize(MusicTrackTransformer.transform(result.track)))
      case 'not_found':
        return response.notFound({ message: 'Music track not found' })
      case 'file_missing':
        return response.unprocessableEntity({ message: 'Audio file not found. Upload it again.' })
      case 'file_in_use':
        return response.unprocessableEntity({
          message: 'This audio file already belongs to another track',
        })
    }
  }
}
