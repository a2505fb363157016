import { paidCallLimits } from '#config/limiter'
import type { ApiOperation } from '#core/openapi/api_operations'

const PICTURE_ID = 'The picture’s id, as POST /api/pictures or /api/pictures/import answered it.'

/** The media module's /api routes, said once for the OpenAPI document and the MCP tools (app/core/openapi/api_operations.ts). */
export default {
  'media.voices.index': {
    summary: 'List narrator voices',
    description:
      'The voices a video can be narrated in, grouped by provider, each with its id, name and ' +
      'language. Pass `{ id, provider }` as `voice` when you create a project.',
  },
  'media.voices.preview': {
    summary: 'Hear a voice',
    description:
      'A short sample of a voice, as audio bytes (MP3 from ElevenLabs, WAV from the local ' +
      `voices). Costs no credits; limited to ${paidCallLimits.voicePreview.requests} a minute.`,
  },
  'media.music_tracks.index': {
    summary: 'List background music',
    description:
      'The background music library: each track’s id, title, artist, mood and length in ' +
      'seconds. Pass `{ id }` as `music` when you create a project.',
  },
  'media.picture_uploads.store': {
    summary: 'Start a picture upload',
    description:
      'Image to Video, step one: answers `uploadURL`, where to PUT the picture’s bytes, and ' +
      '`upload`, its name for POST /api/pictures. Nothing is stored yet. Limited to ' +
      `${paidCallLimits.pictureUpload.requests} a minute.`,
  },
  'media.picture_uploads.update': {
    summary: 'Upload a picture’s bytes',
    description:
      'Image to Video, step two: the picture file itself, PUT to the `uploadURL` of step one ' +
      'before it expires. Then POST /api/pictures with the upload’s name.',
    params: { upload: 'The upload’s name, as POST /api/pictures/uploads answered it.' },
  },
  'media.pictures.store': {
    summary: 'Keep an uploaded picture',
    description:
      'Image to Video, step three: checks the uploaded bytes (JPEG, PNG, WebP or AVIF, at most ' +
      '20 MB and 50 megapixels), turns the picture upright, strips its metadata and keeps it as ' +
      'one of your pictures. Pass its id in `picture_ids` when you create a project; an unused ' +
      `picture is deleted after 24 hours. Limited to ${paidCallLimits.picture.requests} a minute.`,
  },
  'media.pictures.import': {
    summary: 'Add a picture from a URL',
    description:
      'Image to Video: fetches the picture at a public http(s) URL, then checks and keeps it as ' +
      'POST /api/pictures does. Limited to ' +
      `${paidCallLimits.pictureImport.requests} a minute.`,
  },
  'media.pictures.show': {
    summary: 'Get a picture',
    description:
      'One of your pictures: its size in pixels and signed URLs of it and its thumbnail, which expire.',
    params: { id: PICTURE_ID },
  },
  'media.pictures.destroy': {
    summary: 'Delete a picture',
    description:
      'Deletes a picture and its files. Refused (409) while a project’s scene shows it: remove ' +
      'or replace the scene first.',
    params: { id: PICTURE_ID },
  },
} satisfies Record<string, ApiOperation>
