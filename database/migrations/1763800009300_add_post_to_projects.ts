import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A finished video's post: its title, description and hashtags
 * (docs/product.md, Ready to post), written when its render completes, and
 * when the customer last edited it (a re-render keeps edited words). Videos
 * finished before this column are not backfilled: their post is written
 * from their script when they are read, until edited (docs/decisions.md,
 * Ready to post).
 */
export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.jsonb('post').nullable()
      table.timestamp('post_edited_at', { useTz: true }).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('post')
      table.dropColumn('post_edited_at')
    })
  }
}
