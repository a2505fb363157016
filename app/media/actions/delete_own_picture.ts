import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Picture from '#media/models/picture'
import { MediaStorage } from '#media/services/media_storage'

export type OwnPictureDeletion = 'deleted' | 'attached' | 'missing'

/**
 * DELETE /api/pictures/:id: the owner removes a picture no project took
 * (a picture a scene shows goes with its scene, through DeletePictures).
 * The row is deleted only while still unattached, in one statement, so a
 * project taking it at the same moment keeps it.
 */
@inject()
export class DeleteOwnPicture {
  constructor(private storage: MediaStorage) {}

  async handle(userId: number, pictureId: number): Promise<OwnPictureDeletion> {
    const { rows } = await db.rawQuery<{ rows: { key: string; thumbnail_key: string }[] }>(
      `delete from pictures where id = :id and user_id = :user and attached_at is null
       returning key, thumbnail_key`,
      { id: pictureId, user: userId }
    )
    if (rows.length === 0) {
      const kept = await Picture.query().where('id', pictureId).where('user_id', userId).first()
      return kept ? 'attached' : 'missing'
    }
    for (const row of rows) {
      await this.storage.delete(row.key)
      await this.storage.delete(row.thumbnail_key)
    }
    return 'deleted'
  }
}
