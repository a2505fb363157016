import { routeRequest } from '~/lib/api'
import { putFile, uploadMessage, type UploadState } from '~/lib/direct_upload'

/** A picture the server accepted (docs/product.md, Image to Video). */
export type UploadedPicture = {
  id: number
  width: number
  height: number
  thumbnailUrl: string | null
}

const MAX_BYTES = 20 * 1024 * 1024

/** The limit checked before anything is sent; everything else is the server's to judge. */
export function pictureFileProblem(file: File) {
  if (file.size > MAX_BYTES) return 'This picture is larger than 20 MB'
  if (file.size === 0) return 'This file is empty'
  return null
}

/**
 * Sends one picture: an upload URL from the server, a PUT of the bytes
 * there with progress, then the server's check, which makes it a picture.
 */
export async function uploadPicture(
  file: File,
  onState: (state: UploadState) => void
): Promise<UploadedPicture | null> {
  onState({ name: 'waiting' })
  const problem = pictureFileProblem(file)
  if (problem) {
    onState({ name: 'error', message: problem })
    return null
  }
  try {
    onState({ name: 'preprocessing' })
    const ticket = await routeRequest('media.picture_uploads.store', {
      body: { name: file.name, size: file.size },
    })
    onState({ name: 'uploading', percent: 0 })
    await putFile(ticket.uploadURL, file, ticket.headers, (percent) =>
      onState({ name: 'uploading', percent })
    )
    onState({ name: 'postprocessing' })
    const stored = await routeRequest('media.pictures.store', { body: { upload: ticket.upload } })
    onState({ name: 'complete' })
    return stored.picture
  } catch (error) {
    onState({ name: 'error', message: uploadMessage(error) })
    return null
  }
}

/** A picture the server fetches from a pasted address, then checks as an upload. */
export async function importPicture(
  url: string,
  onState: (state: UploadState) => void
): Promise<UploadedPicture | null> {
  try {
    onState({ name: 'postprocessing' })
    const { picture } = await routeRequest('media.pictures.import', { body: { url } })
    onState({ name: 'complete' })
    return picture
  } catch (error) {
    onState({ name: 'error', message: uploadMessage(error) })
    return null
  }
}
