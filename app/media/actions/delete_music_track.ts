import { inject } from '@adonisjs/core'
import MusicTrack from '#media/models/music_track'
import { MediaStorage } from '#media/services/media_storage'

/**
 * Removes a library track, then its audio file. Projects that chose it keep
 * their render without music (the compose job skips a missing track).
 */
@inject()
export class DeleteMusicTrack {
  constructor(private storage: MediaStorage) {}

  async handle(trackId: number): Promise<'deleted' | 'not_found'> {
    const track = await MusicTrack.find(trackId)
    if (!track) return 'not_found'
    await track.delete()
    await this.storage.delete(`music/${track.fileName}`)
    return 'deleted'
  }
}
