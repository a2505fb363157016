import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * When a project's caption look was last chosen: on /setup (its creation)
 * or on its storyboard. The newest choice is the creator's default
 * (docs/product.md, Captions).
 */
export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('captions_chosen_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    // Until now a project's look was chosen when it was made.
    this.defer(async (db) => {
      await db.rawQuery('UPDATE projects SET captions_chosen_at = created_at')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('captions_chosen_at')
    })
  }
}
