import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Picture from '#media/models/picture'

/**
 * Marks pictures as taken by a project, inside the caller's transaction,
 * so the sweep of unattached uploads never removes them.
 */
export class AttachPictures {
  async handle(pictureIds: readonly number[], trx: TransactionClientContract) {
    if (pictureIds.length === 0) return
    await Picture.query({ client: trx })
      .whereIn('id', [...new Set(pictureIds)])
      .update({ attachedAt: DateTime.now().toSQL() })
  }
}
