import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LANGUAGES, STYLE_IDS } from '#core/vocabulary'
import { databaseId } from '#core/database_id'
import { described } from '#core/openapi/described'
import { TIME_ZONE_REFUSAL, knownTimeZone } from '#core/time_zones'
import { LANGUAGE_REFUSAL } from '#shared/languages'
import { ASPECT_RATIOS } from '#media/providers/contracts'
import { SCRIPT_LENGTHS } from '#studio/limits'
import { SCHEDULE_KINDS } from '#studio/models/series'
// The body limit (config/bodyparser.ts) refuses a bigger body before these are read.
import {
  CSV_TOO_LONG,
  DEFAULT_GENERATED_TOPICS,
  MAX_GENERATED_TOPICS,
  MAX_TOPICS_TEXT,
  TOPICS_TOO_LONG,
} from '#studio/public/series_limits'
import { hasControl } from '#shared/series_topics'
import { captionsField, captionsMessages, voiceFields } from '#studio/validators/project'

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

const HAS_WORD = /[\p{L}\p{N}]/u

const ABOUT_REFUSAL = 'Say what the series is about in words, without control characters.'

/** A subject to write topics about: words, never a NUL byte or another control character. */
const plainSubject = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (hasControl(value) || !HAS_WORD.test(value)) field.report(ABOUT_REFUSAL, 'plainSubject', field)
})

/** What the script writer writes a series' topics about, and how many. */
const topicsRequestFields = {
  about: described(
    vine.string().trim().minLength(3).maxLength(200).use(plainSubject()),
    'What the series is about, 3 to 200 characters ("home coffee brewing").'
  ),
  count: described(
    vine.number({ strict: true }).withoutDecimals().range([1, MAX_GENERATED_TOPICS]).optional(),
    `How many topics, 1 to ${MAX_GENERATED_TOPICS}; ${DEFAULT_GENERATED_TOPICS} by default.`
  ),
}

function topicsRequestMessages(prefix: string) {
  const count = `${prefix}count must be a whole number from 1 to ${MAX_GENERATED_TOPICS}.`
  return {
    [`${prefix}about.required`]: 'Say what the series is about.',
    [`${prefix}about.string`]: 'Say what the series is about, as text.',
    [`${prefix}about.minLength`]: 'Say what the series is about in at least 3 characters.',
    [`${prefix}about.maxLength`]: 'What the series is about is limited to 200 characters.',
    [`${prefix}count.number`]: count,
    [`${prefix}count.withoutDecimals`]: count,
    [`${prefix}count.range`]: count,
  }
}

const schedule = described(
  vine.object({
    kind: described(
      vine.enum(SCHEDULE_KINDS),
      'The kind of schedule: "now" (every topic at once), "daily" (one a day at `time`) or ' +
        '"weekly" (one on each of `weekdays` at `time`).'
    ),
    time: described(
      vine.string().trim().regex(HH_MM).optional().requiredWhen('kind', '!=', 'now'),
      'HH:MM, 24-hour, in the series’ time zone; required unless the kind is "now".'
    ),
    weekdays: described(
      vine
        .array(vine.number({ strict: true }).withoutDecimals().range([1, 7]))
        .minLength(1)
        .maxLength(7)
        .distinct()
        .optional()
        .requiredWhen('kind', '=', 'weekly'),
      'ISO weekdays, 1 (Monday) to 7 (Sunday); required when the kind is "weekly".'
    ),
  }),
  'When each video is made: one per fire of the schedule, in the series’ time zone.'
)

/** What each of the series' videos is created with, as POST /api/projects takes it. */
const videoDefaults = {
  style: described(vine.enum(STYLE_IDS), 'The visual style’s id, from list_styles.'),
  voice: described(
    vine.object(voiceFields),
    'The narrator, from list_voices (GET /api/voice-providers).'
  ),
  music: described(
    vine
      .object({
        id: described(databaseId(), 'The track’s id, from list_music (GET /api/music-tracks).'),
      })
      .nullable()
      .optional(),
    'Background music from list_music; left out or null for none.'
  ),
  aspect_ratio: described(
    vine.enum(ASPECT_RATIOS),
    'The videos’ shape: "9:16" (vertical), "1:1" (square) or "16:9" (wide).'
  ),
  target_seconds: described(
    vine
      .number({ strict: true })
      .in([...SCRIPT_LENGTHS])
      .optional(),
    'How long each written script is, in seconds; 30 by default.'
  ),
  captions: described(
    captionsField.optional(),
    'How the captions look; your last choice if left out.'
  ),
  generation_mode: described(
    vine.enum(['text-to-video', 'ai-images-to-video'] as const).optional(),
    'How each scene is drawn: "text-to-video" (the default) or "ai-images-to-video".'
  ),
  brand_id: described(
    databaseId().nullable().optional(),
    'A brand kit of yours (list_brands) each video is made with.'
  ),
}

export const createSeriesValidator = vine.create({
  name: described(vine.string().trim().minLength(1).maxLength(80), 'The series’ name.'),
  topics: described(
    vine
      .string()
      .maxLength(MAX_TOPICS_TEXT)
      .optional()
      .requiredIfMissing(['csv', 'generate_topics']),
    'The topics, one per line (up to 500): each becomes a video whose script is written for it.'
  ),
  csv: described(
    vine.string().maxLength(MAX_TOPICS_TEXT).optional(),
    'Instead of `topics`: a CSV with a header row, a `topic` column and an optional `script` ' +
      'column (up to 500 rows). A bad row is reported by its number and nothing is created.'
  ),
  generate_topics: described(
    vine.object(topicsRequestFields).optional(),
    'Instead of `topics` or `csv`: topics the script writer writes now, as POST ' +
      '/api/series/topics does ({ "about": "home coffee brewing", "count": 30 }), in the ' +
      'voice’s language.'
  ),
  schedule,
  time_zone: described(
    vine.string().trim().use(knownTimeZone()).optional(),
    'An IANA time zone name; your profile’s by default.'
  ),
  ...videoDefaults,
})

export const seriesMessages = {
  'name.required': 'Please name the series.',
  'name.minLength': 'Please name the series.',
  'name.maxLength': 'Series names are limited to 80 characters.',
  'topics.required': 'Add the topics, one per line, upload a CSV or ask for generated topics.',
  'topics.maxLength': TOPICS_TOO_LONG,
  'csv.maxLength': CSV_TOO_LONG,
  'generate_topics.object':
    'generate_topics must be an object such as { "about": "home coffee brewing", "count": 30 }.',
  ...topicsRequestMessages('generate_topics.'),
  'schedule.required': 'Please choose a schedule.',
  'schedule.kind.enum': 'Unknown schedule. Choose now, daily or weekly.',
  'schedule.time.regex': 'Times are written HH:MM, like 09:00.',
  'schedule.time.requiredWhen': 'Please choose the time of day.',
  'schedule.weekdays.requiredWhen': 'Please choose at least one day of the week.',
  'schedule.weekdays.array.minLength': 'Please choose at least one day of the week.',
  'schedule.weekdays.distinct': 'Each day of the week can be chosen once.',
  'schedule.weekdays.*.range': 'Days of the week are 1 (Monday) to 7 (Sunday).',
  'time_zone.timeZone': TIME_ZONE_REFUSAL,
  'style.enum': 'Unknown style.',
  'style.required': 'Please choose a style.',
  'voice.required': 'Please choose a voice.',
  'voice.language.enum': LANGUAGE_REFUSAL,
  'aspect_ratio.enum': 'Unknown aspect ratio. Choose 9:16, 1:1 or 16:9.',
  'aspect_ratio.required': 'Please choose an aspect ratio.',
  'target_seconds.in': 'Unknown script length.',
  'brand_id.number': 'Brand not found',
  ...captionsMessages,
}
createSeriesValidator.messagesProvider = new SimpleMessagesProvider(seriesMessages)

/** The topics not yet made, replaced as a whole (docs/series.md, Editing). */
export const editSeriesTopicsValidator = vine.create({
  topics: described(
    vine.string().maxLength(MAX_TOPICS_TEXT),
    'The remaining topics, one per line, in order: they replace the pending ones.'
  ),
})
editSeriesTopicsValidator.messagesProvider = new SimpleMessagesProvider({
  'topics.required': 'Add the topics, one per line.',
  'topics.maxLength': TOPICS_TOO_LONG,
})

/** Topics for a series, written by the script writer (docs/series.md, Topics). */
export const seriesTopicsValidator = vine.create({
  ...topicsRequestFields,
  language: described(
    vine.enum(LANGUAGES).optional(),
    'The language to write them in; your profile’s by default.'
  ),
})
seriesTopicsValidator.messagesProvider = new SimpleMessagesProvider({
  ...topicsRequestMessages(''),
  'language.enum': LANGUAGE_REFUSAL,
})
