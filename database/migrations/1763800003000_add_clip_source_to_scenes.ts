import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'scenes'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      // What the scene's clip is made from (a still or a generated video), kept across runs.
      table.string('clip_source_key').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('clip_source_key')
    })
  }
}
