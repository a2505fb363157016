import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Test mode as a whole payment system (docs/billing.md, "Test mode"): local
 * subscriptions carry Stripe's "cancel at period end", and a checkout the
 * buyer cancelled is a cancelled payment, not a failed one.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('local_subscriptions', (table) => {
      table.boolean('cancel_at_period_end').notNullable().defaultTo(false)
    })
    this.schema.raw(
      `alter table payments
         drop constraint payments_status_known,
         add constraint payments_status_known
           check (status in ('pending', 'completed', 'failed', 'cancelled'))`
    )
  }

  async down() {
    this.schema.raw(`update payments set status = 'failed' where status = 'cancelled'`)
    this.schema.raw(
      `alter table payments
         drop constraint payments_status_known,
         add constraint payments_status_known check (status in ('pending', 'completed', 'failed'))`
    )
    this.schema.alterTable('local_subscriptions', (table) => {
      table.dropColumn('cancel_at_period_end')
    })
  }
}
