import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { MediaStorage } from '#media/services/media_storage'
import { PictureUploads } from '#media/services/picture_uploads'

/**
 * A picture no project took within this long is deleted, with its files
 * (raw uploads have the same day: UPLOAD_LIFETIME_MS).
 */
export const UNATTACHED_PICTURE_LIFETIME_MS = 24 * 60 * 60 * 1000
/** Pictures deleted per statement: a long backlog is worked through in batches. */
const BATCH = 200
/** The sweep that rides on new upload URLs runs at most this often per process. */
export const SWEEP_INTERVAL_MS = 60 * 1000

export type SweepReport = { uploads: string[]; pictures: number[] }

let lastSweep = Number.NEGATIVE_INFINITY

/**
 * Removes what Image to Video left behind (docs/product.md, Image to Video):
 * raw uploads never turned into a picture, and pictures no project took,
 * each after a day. It runs on its own whenever someone asks for an upload
 * URL (at most once a minute per process, `whenDue`), as the music uploads
 * do, so it needs no scheduler; `node ace pictures:sweep` runs it at once
 * (for a cron job, or after a quiet spell).
 */
@inject()
export class SweepPictures {
  constructor(
    private uploads: PictureUploads,
    private storage: MediaStorage
  ) {}

  /** Makes the next `whenDue` sweep, whenever the last one was (tests). */
  static forgetLastSweep() {
    lastSweep = Number.NEGATIVE_INFINITY
  }

  /** Sweeps unless this process did so within SWEEP_INTERVAL_MS; null when it did. */
  async whenDue(now = Date.now()) {
    if (now - lastSweep < SWEEP_INTERVAL_MS) return null
    lastSweep = now
    return this.handle(now, { batches: 1 })
  }

  async handle(now = Date.now(), { batches = Infinity } = {}): Promise<SweepReport> {
    const uploads = await this.uploads.sweep(now)
    const pictures: number[] = []
    for (let batch = 0; batch < batches; batch++) {
      const deleted = await this.#deleteBatch(now)
      pictures.push(...deleted)
      if (deleted.length < BATCH) break
    }
    return { uploads, pictures }
  }

  /**
   * One statement picks and deletes: a picture a project attaches meanwhile
   * is locked by that transaction and skipped, or re-checked and kept.
   */
  async #deleteBatch(now: number) {
    const cutoff = new Date(now - UNATTACHED_PICTURE_LIFETIME_MS)
    const { rows } = await db.rawQuery<{
      rows: { id: number; key: string; thumbnail_key: string }[]
    }>(
      `delete from pictures where id in (
         select id from pictures where attached_at is null and created_at < :cutoff
         order by created_at limit :batch for update skip locked
       ) and attached_at is null
       returning id, key, thumbnail_key`,
      { cutoff, batch: BATCH }
    )
    for (const row of rows) {
      await this.storage.delete(row.key)
      await this.storage.delete(row.thumbnail_key)
    }
    return rows.map((row) => row.id)
  }
}
