import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { MOODS } from '#media/models/music_track'

/** Track form (docs/product.md, Music Library); fileUrl is /music/{objectname} of an upload. */
export const musicTrackValidator = vine.create({
  title: vine.string().trim().minLength(1).maxLength(120),
  artist: vine.string().trim().maxLength(120).nullable().optional(),
  // the form sends '' until a mood is chosen: that is a missing mood, not a wrong one
  mood: vine.enum(MOODS).parse((value) => (value === '' ? undefined : value)),
  duration: vine.number().withoutDecimals().min(1).max(86_400),
  fileUrl: vine
    .string()
    .trim()
    .minLength(1)
    .regex(/^(\/music\/[a-z0-9][a-z0-9._-]*\.(mp3|wav|m4a|aac))?$/),
  // a URL or an empty string
  thumbnailUrl: vine
    .string()
    .trim()
    .maxLength(500)
    .regex(/^(https?:\/\/[^\s/]+\.[^\s]+)?$/)
    .nullable()
    .optional(),
})
musicTrackValidator.messagesProvider = new SimpleMessagesProvider({
  'title.required': 'Title is required',
  'title.minLength': 'Title is required',
  'title.maxLength': 'Title is limited to 120 characters',
  'artist.maxLength': 'Artist is limited to 120 characters',
  'mood.required': 'Mood is required',
  'mood.enum': 'Mood must be chill, epic, horror or uplifting',
  'duration.required': 'Duration must be positive',
  'duration.number': 'Duration must be positive',
  'duration.min': 'Duration must be positive',
  'duration.withoutDecimals': 'Duration is a whole number of seconds',
  'duration.max': 'Duration is at most 24 hours',
  'fileUrl.required': 'Audio file is required',
  'fileUrl.minLength': 'Audio file is required',
  'fileUrl.regex': 'Audio file must be an uploaded /music/ file',
  'thumbnailUrl.regex': 'Thumbnail must be a valid URL',
  'thumbnailUrl.maxLength': 'Thumbnail URL is limited to 500 characters',
})
