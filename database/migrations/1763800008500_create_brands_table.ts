import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A creator's brand kits (docs/product.md, Brand kits): a look a video can
 * take, with its colours, caption style, logo placement, intro and outro
 * cards and defaults for new videos. `version` counts its edits, so a video
 * can say which version it was made with.
 */
export default class extends BaseSchema {
  protected tableName = 'brands'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('name', 60).notNullable()
      table.string('primary_color', 7).notNullable()
      table.string('accent_color', 7).notNullable()
      table.jsonb('captions').nullable()
      table.string('logo_corner', 12).notNullable().defaultTo('top-right')
      table.smallint('logo_size').notNullable().defaultTo(12)
      table.smallint('logo_opacity').notNullable().defaultTo(90)
      table.string('intro_title', 80).nullable()
      table.decimal('intro_seconds', 2, 1).notNullable().defaultTo(1.5)
      table.string('outro_line', 80).nullable()
      table.decimal('outro_seconds', 2, 1).notNullable().defaultTo(2.5)
      table.jsonb('voice').nullable()
      table
        .integer('music_track_id')
        .nullable()
        .references('id')
        .inTable('music_tracks')
        .onDelete('SET NULL')
      table.string('style', 40).nullable()
      table.string('aspect_ratio', 8).nullable()
      table.integer('version').notNullable().defaultTo(1)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'id'])
    })
    this.schema.raw(
      `alter table brands
         add constraint brands_logo_corner_known
           check (logo_corner in ('top-left', 'top-right', 'bottom-left', 'bottom-right')),
         add constraint brands_logo_size_range check (logo_size between 5 and 30),
         add constraint brands_logo_opacity_range check (logo_opacity between 10 and 100),
         add constraint brands_intro_seconds_range check (intro_seconds between 1 and 2),
         add constraint brands_outro_seconds_range check (outro_seconds between 2 and 3)`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
