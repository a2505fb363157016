import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The test checkout's refunds, as Stripe keeps them on a charge
 * (docs/billing.md, Test mode): each claimed here, under the payment's row
 * lock, before its `charge.refunded` is sent, so parallel refunds of one
 * payment never promise more than it has left.
 */
export default class extends BaseSchema {
  protected tableName = 'local_refunds'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('payment_id')
        .notNullable()
        .references('id')
        .inTable('payments')
        .onDelete('CASCADE')
        .index()
      table.integer('amount_cents').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw(
      `alter table local_refunds add constraint local_refunds_amount_positive check (amount_cents > 0)`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
