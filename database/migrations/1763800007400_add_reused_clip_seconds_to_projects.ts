import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The seconds of a run's scenes whose clips were made before it started:
 * earlier runs paid for them, so a cancel refunds them rather than keeping
 * them as this run's prepaid work (docs/decisions.md, Videos). Runs queued
 * before this column count 0, which is the refund they were promised then.
 */
export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('reused_clip_seconds').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('reused_clip_seconds')
    })
  }
}
