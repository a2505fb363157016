import vine from '@vinejs/vine'

/**
 * POST /api/music/upload: the picked file's name, the uploader's one
 * required meta field; it decides the stored object's extension.
 */
export const musicUploadValidator = vine.create({
  name: vine.string().trim().maxLength(255).optional(),
})

export const MISSING_META = 'Missing required meta field(s): name'
export const UNSUPPORTED_AUDIO = 'Only .mp3, .wav, .m4a and .aac files can be uploaded'
export const AUDIO_TOO_LARGE = 'The audio file is larger than 50 MB'
export const NOT_AUDIO = 'The file is not a playable audio file of its type'
