import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A brand kit's logo is one of its owner's pictures, checked like any other
 * (docs/product.md, Brand kits). A project names the kit it is made with,
 * and keeps a snapshot of it from the moment its render starts: what the
 * video shows, whatever happens to the kit later.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('brands', (table) => {
      table
        .integer('logo_picture_id')
        .nullable()
        .references('id')
        .inTable('pictures')
        .onDelete('SET NULL')
    })
    this.schema.alterTable('projects', (table) => {
      table.integer('brand_id').nullable().references('id').inTable('brands').onDelete('SET NULL')
      table.jsonb('brand_snapshot').nullable()
    })
  }

  async down() {
    this.schema.alterTable('projects', (table) => {
      table.dropColumn('brand_snapshot')
      table.dropColumn('brand_id')
    })
    this.schema.alterTable('brands', (table) => {
      table.dropColumn('logo_picture_id')
    })
  }
}
