import vine from '@vinejs/vine'
import { described } from '#core/openapi/described'

export const voicePreviewValidator = vine.create({
  provider: described(
    vine.string().trim().maxLength(64),
    'The id of the voice’s provider, from GET /api/voice-providers.'
  ),
  voiceId: described(
    vine.string().trim().maxLength(128),
    'The voice’s id, from GET /api/voice-providers.'
  ),
})
