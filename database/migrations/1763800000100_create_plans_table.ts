import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'plans'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('slug', 32).notNullable().unique()
      table.string('name', 80).notNullable()
      table.string('stripe_price_id').nullable()
      table.decimal('price', 10, 2).notNullable()
      table.string('interval', 8).notNullable().defaultTo('month')
      table.integer('credits').notNullable().defaultTo(0)
      table.jsonb('features').notNullable().defaultTo('[]')
      table.integer('sort_order').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      `alter table plans
         add constraint plans_interval_known check (interval in ('month', 'year')),
         add constraint plans_credits_not_negative check (credits >= 0),
         add constraint plans_price_not_negative check (price >= 0)`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
