import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Picture from '#media/models/picture'

/**
 * Marks pictures as taken by a project, inside the caller's transaction,
 * so the sweep of unattached uploads never removes them. A picture shows in
 * one scene only: false when any of them was taken already (the caller
 * rolls back), decided by the row update itself so two projects racing for
 * the same picture cannot both have it.
 */
export class AttachPictures {
  async handle(pictureIds: readonly number[], trx: TransactionClientContract) {
    const ids = [...new Set(pictureIds)]
    if (ids.length === 0) return true
    const taken = await trx
      .from(Picture.table)
      .whereIn('id', ids)
      .whereNull('attached_at')
      .update({ attached_at: DateTime.now().toSQL() })
      .returning('id')
    return taken.length === ids.length
  }
}
