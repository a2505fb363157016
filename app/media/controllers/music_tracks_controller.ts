import type { HttpContext } from '@adonisjs/core/http'
import { AUDIO_KINDS, audioKindOf } from '#media/services/audio_files'
import { apiSerializer } from '#core/http/api_serializer'
import MusicTrack from '#media/models/music_track'
import { ListMusicTracks } from '#media/queries/list_music_tracks'
import { MediaStorage } from '#media/services/media_storage'
import MusicTrackTransformer from '#media/transformers/music_track_transformer'

export default class MusicTracksController {
  async index() {
    return apiSerializer.serialize(
      MusicTrackTransformer.transform(await new ListMusicTracks().all())
    )
  }

  /**
   * GET /music/{objectname}: the audio of a library track.
   */
  async file({ params, response }: HttpContext) {
    const track = await MusicTrack.findByOrFail('fileName', params.name)
    const audio = await new MediaStorage().read(`music/${track.fileName}`)
    return response
      .header('content-type', AUDIO_KINDS[audioKindOf(track.fileName)!].contentType)
      .header('cache-control', 'private, max-age=3600')
      .send(Buffer.from(audio))
  }
}
