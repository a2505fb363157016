import { BaseSchema } from '@adonisjs/lucid/schema'

/** In Image to Video each scene shows one of the creator's pictures. */
export default class extends BaseSchema {
  protected tableName = 'scenes'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table
        .integer('picture_id')
        .nullable()
        .references('id')
        .inTable('pictures')
        .onDelete('SET NULL')
      table.index(['picture_id'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('picture_id')
    })
  }
}
