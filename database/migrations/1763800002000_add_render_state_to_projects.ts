import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      // Each Generate Final Video is a numbered run: charges and refunds name it.
      table.integer('render_run').notNullable().defaultTo(0)
      table.integer('charged_credits').notNullable().defaultTo(0)
      table.string('resolution', 16).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('render_run')
      table.dropColumn('charged_credits')
      table.dropColumn('resolution')
    })
  }
}
