import { inject } from '@adonisjs/core'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import { pictureKeys, processPicture, type PictureRefusal } from '#media/services/picture_files'

export type StoredPicture =
  { status: 'stored'; picture: Picture } | { status: 'refused'; reason: PictureRefusal }

/**
 * Turns a file's bytes (an upload or a download) into one of the user's
 * pictures: checked, made upright and stripped (processPicture), stored with
 * its thumbnail, then recorded. A refusal stores nothing, and a failure
 * after the files were written deletes them again: no half-made picture.
 */
@inject()
export class StorePicture {
  constructor(private storage: MediaStorage) {}

  async handle(userId: number, bytes: Buffer): Promise<StoredPicture> {
    const result = await processPicture(bytes)
    if (result.status === 'refused') return result
    const { picture } = result
    const { key, thumbnailKey } = pictureKeys(userId, picture.extension)
    try {
      await this.storage.put(key, picture.data, picture.contentType)
      await this.storage.put(thumbnailKey, picture.thumbnail, picture.contentType)
      const row = await Picture.create({
        userId,
        key,
        thumbnailKey,
        width: picture.width,
        height: picture.height,
        focusX: picture.focus.x,
        focusY: picture.focus.y,
        contentType: picture.contentType,
        byteSize: picture.data.length,
        attachedAt: null,
      })
      return { status: 'stored', picture: row }
    } catch (error) {
      await Promise.allSettled([this.storage.delete(key), this.storage.delete(thumbnailKey)])
      throw error
    }
  }
}
