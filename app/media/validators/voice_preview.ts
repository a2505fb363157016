import vine from '@vinejs/vine'

export const voicePreviewValidator = vine.create({
  provider: vine
    .string()
    .trim()
    .maxLength(64)
    .meta({ description: 'The id of the voice’s provider, from GET /api/voice-providers.' }),
  voiceId: vine
    .string()
    .trim()
    .maxLength(128)
    .meta({ description: 'The voice’s id, from GET /api/voice-providers.' }),
})
