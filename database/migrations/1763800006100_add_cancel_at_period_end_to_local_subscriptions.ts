import { BaseSchema } from '@adonisjs/lucid/schema'

/** The test billing portal's "cancel at period end", as Stripe's subscriptions carry it. */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('local_subscriptions', (table) => {
      table.boolean('cancel_at_period_end').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('local_subscriptions', (table) => {
      table.dropColumn('cancel_at_period_end')
    })
  }
}
