import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LANGUAGES, STYLE_IDS } from '#core/vocabulary'
import { LANGUAGE_REFUSAL } from '#shared/languages'
import { described } from '#core/openapi/described'
import { TIME_ZONE_REFUSAL, knownTimeZone } from '#core/time_zones'

export const updateProfileValidator = vine.create({
  username: vine.string().trim().maxLength(80).optional(),
  niche: vine.string().trim().maxLength(120).optional(),
  language: vine.enum(LANGUAGES),
  defaultStyle: vine.enum(STYLE_IDS),
})

updateProfileValidator.messagesProvider = new SimpleMessagesProvider({
  'language.enum': LANGUAGE_REFUSAL,
})

/** The account's time zone, on /profile and PATCH /api/me (docs/series.md, Time zones). */
export const updateTimeZoneValidator = vine.create({
  time_zone: described(
    vine.string().trim().maxLength(64).use(knownTimeZone()),
    'An IANA time zone name such as Europe/Paris: where your series’ schedules run.'
  ),
})

updateTimeZoneValidator.messagesProvider = new SimpleMessagesProvider({
  'time_zone.required': 'Please choose a time zone.',
  'time_zone.timeZone': TIME_ZONE_REFUSAL,
  'time_zone.string': TIME_ZONE_REFUSAL,
})
