import { ApiError, csrfHeaders } from '~/lib/api'

/*
|--------------------------------------------------------------------------
| Direct uploads
|--------------------------------------------------------------------------
|
| A file goes straight to where it is stored: a PUT to the upload URL the
| server issued (a presigned bucket URL, or a signed URL of the app), with
| progress, then the server checks what arrived. Music and pictures alike.
|
*/

/** An upload's states, as the uploaders show them (a single PUT cannot pause). */
export type UploadState =
  | { name: 'waiting' }
  | { name: 'preprocessing' }
  | { name: 'uploading'; percent: number }
  | { name: 'postprocessing' }
  | { name: 'complete' }
  | { name: 'error'; message: string }

/** A 401 says 'Authorization required'; anything else, the server's message. */
export function uploadMessage(error: unknown) {
  if (error instanceof ApiError) {
    return error.status === 401 ? 'Authorization required' : error.message
  }
  return error instanceof Error ? error.message : String(error)
}

/** PUTs the file to `url`, reporting progress; a refusal throws ApiError with its message. */
export function putFile(
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
