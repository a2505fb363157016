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
   * GET /music/{objectname}: the audio of a library track; 404 when its file is gone.
   */
  async file({ params, response }: HttpContext) {
    const track = await MusicTrack.findByOrFail('fileName', params.name)
    const storage = new MediaStorage()
    const key = `music/${track.fileName}`
    // A track whose file is gone (a failed upload, a wiped disk) is missing, not a server error.
    if (!(await storage.exists(key))) {
      return response.notFound({ message: 'Music file not found' })
    }
    const audio = await storage.read(key)
    return response
      .header('content-type', AUDIO_KINDS[audioKindOf(track.fileName)!].contentType)
      .header('cache-control', 'private, max-age=3600')
      .send(Buffer.from(audio))
  }
}
