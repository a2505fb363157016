import { ApiError, csrfHeaders } from '~/lib/api'
import { routeRequest } from '~/lib/api_route'

/** An upload's states, as the music dialog shows them (a single PUT cannot pause). */
export type UploadState =
  | { name: 'waiting' }
  | { name: 'preprocessing' }
  | { name: 'uploading'; percent: number }
  | { name: 'postprocessing' }
  | { name: 'complete' }
  | { name: 'error'; message: string }

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

/** A 401 says 'Authorization required'; anything else, the server's message. */
function uploadMessage(error: unknown) {
  if (error instanceof ApiError) {
    return error.status === 401 ? 'Authorization required' : error.message
  }
  return error instanceof Error ? error.message : String(error)
}

function put(
  url: string,
  file: File,
  headers: Record<string, string>,
  onProgress: (percent: number) => void
) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('PUT', url)
    const ours = new URL(url, window.location.href).origin === window.location.origin
    for (const [name, value] of Object.entries({ ...headers, ...(ours ? csrfHeaders() : {}) })) {
      request.setRequestHeader(name, value)
    }
    if (ours) request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve()
      let message = request.statusText || 'Upload failed'
      try {
        message = (JSON.parse(request.responseText) as { message?: string }).message ?? message
      } catch {
        // an S3 error is XML; its status text says enough
      }
      reject(new ApiError(request.status, message, null, request.responseText))
    }
    request.onerror = () =>
      reject(new Error('Network error: the upload did not reach the server. Please try again.'))
    request.send(file)
  })
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
    await put(ticket.uploadURL, file, ticket.headers, (percent) =>
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
