import vine from '@vinejs/vine'
import { LANGUAGES, STYLE_IDS } from '#core/vocabulary'

export const updateProfileValidator = vine.create({
  username: vine.string().trim().maxLength(80).optional(),
  niche: vine.string().trim().maxLength(120).optional(),
  language: vine.enum(LANGUAGES),
  defaultStyle: vine.enum(STYLE_IDS),
})
