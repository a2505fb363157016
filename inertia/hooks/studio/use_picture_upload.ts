import { useState } from 'react'
import type { UploadState } from '~/lib/direct_upload'
import type { UploadedPicture } from '~/lib/picture_upload'

/** One picture for one scene (Add Scene, Replace picture): its upload and the picture it gave. */
export function usePictureUpload() {
  const [state, setState] = useState<UploadState | null>(null)
  const [picture, setPicture] = useState<UploadedPicture | null>(null)

  async function upload(file: File) {
    setPicture(null)
    // The upload's code loads when a picture is chosen, not with the storyboard.
    const { uploadPicture } = await import('~/lib/picture_upload')
    const uploaded = await uploadPicture(file, setState)
    setPicture(uploaded)
    return uploaded
  }

  return {
    state,
    picture,
    upload,
    /** Uploading or being checked. */
    working: state !== null && !['complete', 'error'].includes(state.name),
    reset: () => {
      setState(null)
      setPicture(null)
    },
  }
}

export type PictureUpload = ReturnType<typeof usePictureUpload>
