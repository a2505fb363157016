import { inject } from '@adonisjs/core'
import { StorePicture, type StoredPicture } from '#media/actions/store_picture'
import type Picture from '#media/models/picture'
import { FETCH_MESSAGES, PictureFetcher } from '#media/services/picture_fetcher'
import { PICTURE_MESSAGES } from '#media/services/picture_files'

export type ImportedPicture =
  { status: 'stored'; picture: Picture } | { status: 'refused'; message: string }

/**
 * A picture from a pasted address (docs/product.md, Image to Video): fetched
 * safely, then checked and stored as an upload is. The API and the MCP tool
 * both call it.
 */
@inject()
export class ImportPicture {
  constructor(
    private fetcher: PictureFetcher,
    private storePicture: StorePicture
  ) {}

  async handle(userId: number, url: string): Promise<ImportedPicture> {
    const fetched = await this.fetcher.fetch(url)
    if (fetched.status === 'refused') return { status: 'refused', message: fetched.message }
    const stored = await this.storePicture.handle(userId, fetched.bytes)
    return stored.status === 'stored'
      ? { status: 'stored', picture: stored.picture }
      : { status: 'refused', message: importRefusal(stored) }
  }
}

/** A download that is not a usable picture, in the words of a pasted address. */
function importRefusal(stored: Extract<StoredPicture, { status: 'refused' }>) {
  switch (stored.reason) {
    case 'notPicture':
      return FETCH_MESSAGES.notPicture
    case 'tooLarge':
      return FETCH_MESSAGES.tooLarge
    default:
      return PICTURE_MESSAGES[stored.reason]
  }
}
