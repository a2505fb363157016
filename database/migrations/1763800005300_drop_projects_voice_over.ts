import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The narrator says the scenes' words: a second, hidden voice-over text
 * could only go stale behind the script the user sees and edits.
 */
export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('voice_over')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.text('voice_over').notNullable().defaultTo('')
    })
  }
}
