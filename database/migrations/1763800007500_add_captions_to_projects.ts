import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * How a project's captions look (docs/product.md, Captions): a style and
 * its options. Projects made before styles existed keep the look they had,
 * the phrase style.
 */
export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table
        .jsonb('captions')
        .notNullable()
        .defaultTo(
          JSON.stringify({
            style: 'phrase',
            position: 'bottom',
            font: 'dejavu-sans',
            textColor: '#FFFFFF',
            highlightColor: '#FFE14D',
            size: 'M',
            uppercase: false,
          })
        )
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('captions')
    })
  }
}
