import { inject } from '@adonisjs/core'
import MusicTrack, { type Mood } from '#media/models/music_track'
import { MediaStorage } from '#media/services/media_storage'

export type MusicTrackInput = {
  title: string
  artist?: string | null
  mood: Mood
  duration: number
  /** /music/{objectname} */
  fileUrl: string
  thumbnailUrl?: string | null
}

export type SaveMusicTrackResult =
  | { status: 'saved'; track: MusicTrack }
  | { status: 'not_found' }
  | { status: 'file_missing' }
  | { status: 'file_in_use' }

const UNIQUE_VIOLATION = '23505'

/**
 * Adds a library track, or edits one (`trackId`), over an audio file
 * already stored under music/. A track that moves to another file leaves
 * its old file deleted.
 */
@inject()
export class SaveMusicTrack {
  constructor(private storage: MediaStorage) {}

  async handle(input: MusicTrackInput, trackId?: number): Promise<SaveMusicTrackResult> {
    const track = trackId === undefined ? new MusicTrack() : await MusicTrack.find(trackId)
    if (!track) return { status: 'not_found' }

    const fileName = input.fileUrl.slice('/music/'.length)
    const previousFile = track.$isPersisted ? track.fileName : null
    if (fileName !== previousFile) {
      if (!(await this.storage.exists(`music/${fileName}`))) return { status: 'file_missing' }
      if (await MusicTrack.query().where('file_name', fileName).first()) {
        return { status: 'file_in_use' }
      }
    }

    track.merge({
      title: input.title,
      artist: input.artist || null,
      mood: input.mood,
      duration: input.duration,
      fileName,
      thumbnailUrl: input.thumbnailUrl || null,
    })
    try {
      await track.save()
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return { status: 'file_in_use' }
      throw error
    }
    if (previousFile && previousFile !== fileName) {
      await this.storage.delete(`music/${previousFile}`)
    }
    return { status: 'saved', track }
  }
}
