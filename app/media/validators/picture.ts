import vine from '@vinejs/vine'
import { described } from '#core/openapi/described'
import { PICTURE_UPLOAD_NAME } from '#media/services/picture_uploads'

/**
 * POST /api/pictures/uploads: the picked file's name (shown back to no one,
 * and never used to decide what the file is) and, when the browser knows
 * it, its size: over 20 MB is refused before anything is sent.
 */
export const pictureUploadValidator = vine.create({
  name: described(
    vine.string().trim().minLength(1).maxLength(255),
    'The file’s name, up to 255 characters; never used to tell its type.'
  ),
  size: described(
    vine.number({ strict: true }).withoutDecimals().range([0, Number.MAX_SAFE_INTEGER]).optional(),
    'The file’s size in bytes, when known: over 20 MB is refused at once.'
  ),
})

/** POST /api/pictures: the upload (its name, from the upload URL's answer) to turn into a picture. */
export const pictureValidator = vine.create({
  upload: described(
    vine.string().regex(PICTURE_UPLOAD_NAME),
    'The upload’s name, as POST /api/pictures/uploads answered it as `upload`.'
  ),
})

/** POST /api/pictures/import: the address of a picture on the web. */
export const pictureImportValidator = vine.create({
  url: described(
    vine.string().trim().minLength(1).maxLength(2048),
    'The picture’s public http(s) URL, up to 2,048 characters: a JPEG, PNG, WebP or AVIF of at ' +
      'most 20 MB.'
  ),
})

export const UPLOAD_NOT_FOUND =
  'No upload by that name: it was never received, has expired, or was already used. Please upload the picture again.'
export const UPLOAD_EMPTY = 'Nothing was uploaded: the request had no bytes.'
export const UPLOAD_INTERRUPTED = 'The upload was interrupted. Please try again.'
export const UPLOAD_NOT_RAW =
  "Send the picture's bytes as the request body, with Content-Type: application/octet-stream."
export const PICTURE_ATTACHED =
  "This picture is used by a project's scene; remove or replace the scene instead."
