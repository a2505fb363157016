import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { described } from '#core/openapi/described'
import { LANGUAGES } from '#core/vocabulary'
import { LANGUAGE_REFUSAL } from '#shared/languages'

/** GET /api/voice-providers and list_voices: every voice, or those that speak `language`. */
export const voiceListValidator = vine.create({
  language: described(
    vine.enum(LANGUAGES).optional(),
    'Only the voices that speak this narration language (e.g. japanese); every voice when left out.'
  ),
})
voiceListValidator.messagesProvider = new SimpleMessagesProvider({
  'language.enum': LANGUAGE_REFUSAL,
})
