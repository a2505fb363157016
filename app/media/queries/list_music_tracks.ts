import MusicTrack from '#media/models/music_track'

export class ListMusicTracks {
  async all() {
    return MusicTrack.query().orderBy('mood').orderBy('title')
  }
}
