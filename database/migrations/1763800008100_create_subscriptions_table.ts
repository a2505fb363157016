import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Each subscription as the payment events last read it from the gateway
 * (Stripe, or test mode's local one): its status, the end of the period it
 * has paid for, and the day it ends when it is cancelled. /billing says
 * "Renews on …" or "Ends on …" from it (docs/billing.md).
 * Test mode's running subscriptions are copied in; a Stripe one arrives
 * with its next event.
 */
export default class extends BaseSchema {
  protected tableName = 'subscriptions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id', 255).primary()
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('status', 24).notNullable()
      table.timestamp('current_period_end', { useTz: true }).nullable()
      table.timestamp('ends_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['user_id'])
    })
    this.defer(async (db) => {
      await db.rawQuery(
        `insert into subscriptions (id, user_id, status, current_period_end, ends_at)
         select id, user_id, status, current_period_end,
                case when cancel_at_period_end then current_period_end end
           from local_subscriptions`
      )
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
