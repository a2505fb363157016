import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A creator's own pictures (Image to Video): each one checked, turned
 * upright and stripped of its metadata before it is stored. A picture no
 * project took within a day is swept (docs/product.md, Image to Video).
 */
export default class extends BaseSchema {
  protected tableName = 'pictures'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('key', 300).notNullable()
      table.string('thumbnail_key', 300).notNullable()
      table.integer('width').notNullable()
      table.integer('height').notNullable()
      table.string('content_type', 32).notNullable()
      table.integer('byte_size').notNullable()
      table.timestamp('attached_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id'])
    })
    this.schema.raw(
      `create index pictures_unattached on pictures (created_at) where attached_at is null`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
