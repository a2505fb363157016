import MusicTrack, { musicFileUrl, musicObjectKey, type Mood } from '#media/models/music_track'

/** What another module knows of a library track: enough to choose it and to mix it. */
export type MusicTrackRef = {
  id: number
  mood: Mood
  /** The app's address of the file (`/music/<file>`). */
  fileUrl: string
  /** The file's object on the storage disk (MediaStorage). */
  objectKey: string
}

/** A library track by id, as a plain value: other modules never hold the model. */
export class FindMusicTrack {
  async byId(id: number): Promise<MusicTrackRef | null> {
    const track = await MusicTrack.find(id)
    if (!track) return null
    return {
      id: track.id,
      mood: track.mood,
      fileUrl: musicFileUrl(track.fileName),
      objectKey: musicObjectKey(track.fileName),
    }
  }
}
