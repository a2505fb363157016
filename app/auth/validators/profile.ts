import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LANGUAGES, STYLE_IDS } from '#core/vocabulary'
import { LANGUAGE_REFUSAL } from '#shared/languages'

export const updateProfileValidator = vine.create({
  username: vine.string().trim().maxLength(80).optional(),
  niche: vine.string().trim().maxLength(120).optional(),
  language: vine.enum(LANGUAGES),
  defaultStyle: vine.enum(STYLE_IDS),
})

updateProfileValidator.messagesProvider = new SimpleMessagesProvider({
  'language.enum': LANGUAGE_REFUSAL,
})
