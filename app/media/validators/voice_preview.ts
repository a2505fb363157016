import vine from '@vinejs/vine'

export const voicePreviewValidator = vine.create({
  provider: vine.string().trim().maxLength(64),
  voiceId: vine.string().trim().maxLength(128),
})
