import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A picture's most interesting point, in fractions of its width and height:
 * the render crops around it and the storyboard shows the same crop
 * (docs/product.md, Image to Video). Pictures stored before this column have
 * none: the render finds it in the pixels, the storyboard crops their centre.
 */
export default class extends BaseSchema {
  protected tableName = 'pictures'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.float('focus_x').nullable()
      table.float('focus_y').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('focus_x')
      table.dropColumn('focus_y')
    })
  }
}
