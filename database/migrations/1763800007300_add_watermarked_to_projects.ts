import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Whether a project's video carries the watermark, recorded when it is
 * composed, as its resolution is: the player's watermark note speaks of the
 * video, not of the plan its owner is on today
 * (docs/product.md, Player (/player/:videoId)).
 * Videos made before this column: their owner's plan at migration time, the
 * best that is known.
 */
export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.boolean('watermarked').nullable()
    })
    this.defer(async (db) => {
      await db.rawQuery(
        `update projects p set watermarked = coalesce(
           (select pl.watermark from users u join plans pl on pl.slug = u.plan where u.id = p.user_id),
           true)
         where p.output_video_key is not null`
      )
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('watermarked')
    })
  }
}
