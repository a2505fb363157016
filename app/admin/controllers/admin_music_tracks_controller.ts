import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { apiSerializer } from '#core/http/api_serializer'
import { DeleteMusicTrack } from '#media/actions/delete_music_track'
import { SaveMusicTrack } from '#media/actions/save_music_track'
import { ListMusicTracks } from '#media/queries/list_music_tracks'
import MusicTrackTransformer from '#media/transformers/music_track_transformer'
import { musicTrackValidator } from '#media/validators/music_track'
import { WriteAnswer } from '#core/http/write_answer'
import { formRefusal } from '#admin/answers'

/**
 * The music library for the operator: /admin/music (its writes are Inertia
 * visits to /admin/music-tracks) and /api/admin/music-tracks, both writing
 * through media's actions.
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
  async store(ctx: HttpContext, saveTrack: SaveMusicTrack) {
    const input = await ctx.request.validateUsing(musicTrackValidator)
    const result = await saveTrack.handle(input)
    return this.#answer(new WriteAnswer(ctx), result, 201, 'Music track added successfully')
  }

  @inject()
  async update(ctx: HttpContext, saveTrack: SaveMusicTrack) {
    const input = await ctx.request.validateUsing(musicTrackValidator)
    const result = await saveTrack.handle(input, Number(ctx.params.id))
    return this.#answer(new WriteAnswer(ctx), result, 200, 'Music track updated successfully')
  }

  @inject()
  async destroy(ctx: HttpContext, deleteTrack: DeleteMusicTrack) {
    const answer = new WriteAnswer(ctx)
    switch (await deleteTrack.handle(Number(ctx.params.id))) {
      case 'deleted':
        return answer.done(
          200,
          {
            message: 'Music track deleted successfully',
          },
          'Music track deleted successfully'
        )
      case 'not_found':
        return formRefusal(answer, 404, 'Music track not found')
    }
  }

  async #answer(
    answer: WriteAnswer,
    result: Awaited<ReturnType<SaveMusicTrack['handle']>>,
    status: 200 | 201,
    message: string
  ) {
    switch (result.status) {
      case 'saved':
        return answer.done(
          status,
          await apiSerializer.serialize(MusicTrackTransformer.transform(result.track)),
          message
        )
      case 'not_found':
        return formRefusal(answer, 404, 'Music track not found')
      case 'file_missing':
        return formRefusal(answer, 422, 'Audio file not found. Upload it again.')
      case 'file_in_use':
        return formRefusal(answer, 422, 'This audio file already belongs to another track')
    }
  }
}
