import { routeRequest } from '~/lib/api'
import { putFile, uploadMessage, type UploadState } from '~/lib/direct_upload'

export type { UploadState } from '~/lib/direct_upload'

export const AUDIO_ACCEPT = '.mp3,.wav,.m4a,.aac'
const EXTENSIONS = ['mp3', 'wav', 'm4a', 'aac']
const MAX_BYTES = 50 * 1024 * 1024

/** The library's limits (docs/product.md, "Music Library (/admin/music)"), checked before anything is sent. */
export function audioFileProblem(file: File) {
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()
  if (!file.name.includes('.') || !EXTENSIONS.includes(extension)) {
    return 'Only .mp3, .wav, .m4a and .aac files can be uploaded'
  }
  if (file.size > MAX_BYTES) {
    return 'The audio file is larger than 50 MB'
  }
  return null
}

/**
 * Sends one audio file: an upload URL from the server, a PUT of the bytes
 * there with progress, then the server's check of what arrived.
 */
export async function uploadAudio(file: File, onState: (state: UploadState) => void) {
  onState({ name: 'waiting' })
  const problem = audioFileProblem(file)
  if (problem) {
    onState({ name: 'error', message: problem })
    return null
  }
  try {
    onState({ name: 'preprocessing' })
    const ticket = await routeRequest('media.music_uploads.store', { body: { name: file.name } })
    onState({ name: 'uploading', percent: 0 })
    await putFile(ticket.uploadURL, file, ticket.headers, (percent) =>
      onState({ name: 'uploading', percent })
    )
    onState({ name: 'postprocessing' })
    // The object name is the upload URL's last path segment, without its query
    const name = new URL(ticket.uploadURL, window.location.href).pathname.split('/').pop() ?? ''
    const uploaded = await routeRequest('media.music_uploads.verify', { params: { name } })
    // The route's declared answers include the PUT's `{ message }` (one responder serves both)
    if (!('fileUrl' in uploaded)) throw new Error(uploaded.message)
    onState({ name: 'complete' })
    return uploaded
  } catch (error) {
    onState({ name: 'error', message: uploadMessage(error) })
    return null
  }
}
