import type { Data } from '@generated/data'

type Track = Data.Media.MusicTrack

export const MOODS = ['chill', 'epic', 'horror', 'uplifting'] as const

export type Fields = {
  title: string
  artist: string
  mood: string
  duration: string
  fileUrl: string
  thumbnailUrl: string
}

export const EMPTY: Fields = {
  title: '',
  artist: '',
  mood: '',
  duration: '',
  fileUrl: '',
  thumbnailUrl: '',
}

export function fieldsOf(track: Track | null): Fields {
  if (!track) return EMPTY
  return {
    title: track.title,
    artist: track.artist ?? '',
    mood: track.mood,
    duration: String(track.duration),
    fileUrl: track.fileUrl,
    thumbnailUrl: track.thumbnailUrl,
  }
}

export type Errors = Partial<Record<keyof Fields, string>>

/** The server's messages (app/media/validators/music_track.ts) for what the browser can check itself. */
export function missingFields(fields: Fields): Errors {
  const errors: Errors = {}
  if (fields.title.trim() === '') errors.title = 'Title is required'
  if (fields.mood === '') errors.mood = 'Mood is required'
  return errors
}
