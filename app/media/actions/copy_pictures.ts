import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'
import { pictureKeys } from '#media/services/picture_files'

/**
 * Copies of a user's pictures for another project (a duplicate, docs/product.md,
 * Player): each file and thumbnail copied under keys of its own and recorded
 * as a new picture of the same user, taken at once, inside the caller's
 * transaction, since a picture shows in one scene only. A rollback deletes
 * the copied files. Returns each copy's id by its original's; another
 * user's picture, or one whose file is gone, has no copy.
 */
@inject()
export class CopyPictures {
  constructor(private storage: MediaStorage) {}

  async handle(userId: number, pictureIds: readonly number[], trx: TransactionClientContract) {
    const copies = new Map<number, number>()
    if (pictureIds.length === 0) return copies
    const originals = await Picture.query({ client: trx })
      .where('user_id', userId)
      .whereIn('id', [...new Set(pictureIds)])
    const written: string[] = []
    trx.after('rollback', async () => {
      await Promise.allSettled(written.map((key) => this.storage.delete(key)))
    })
    for (const original of originals) {
      if (!(await this.storage.exists(original.key))) continue
      const { key, thumbnailKey } = pictureKeys(userId, extensionOf(original.key))
      await this.storage.copy(original.key, key)
      written.push(key)
      await this.storage.copy(original.thumbnailKey, thumbnailKey)
      written.push(thumbnailKey)
      const copy = await Picture.create(
        {
          userId,
          key,
          thumbnailKey,
          width: original.width,
          height: original.height,
          contentType: original.contentType,
          byteSize: original.byteSize,
          attachedAt: DateTime.now(),
        },
        { client: trx }
      )
      copies.set(original.id, copy.id)
    }
    return copies
  }
}

function extensionOf(key: string) {
  return key.endsWith('.png') ? 'png' : 'jpg'
}
