import vine from '@vinejs/vine'

/** Naming a new personal access token on /profile. */
export const createApiTokenValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(80),
})
