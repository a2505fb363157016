import { BaseTransformer } from '@adonisjs/core/transformers'
import type MusicTrack from '#media/models/music_track'
import { musicFileUrl } from '#media/models/music_track'

export default class MusicTrackTransformer extends BaseTransformer<MusicTrack> {
  toObject() {
    return {
      id: this.resource.id,
      title: this.resource.title,
      artist: this.resource.artist,
      mood: this.resource.mood,
      duration: this.resource.duration,
      fileUrl: musicFileUrl(this.resource.fileName),
      thumbnailUrl: this.resource.thumbnailUrl ?? '',
    }
  }
}
