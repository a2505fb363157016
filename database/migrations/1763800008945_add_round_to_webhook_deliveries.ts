import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Which round of tries a pending delivery is in: the attempts count when the
 * round began (0, then the count at each resend), so the round's queue job
 * (`webhook-<delivery>-<round>`) can be named again by the sweep that
 * re-queues deliveries a crash left without a job (docs/decisions.md,
 * Webhooks). A partial index finds the pending ones.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('webhook_deliveries', (table) => {
      table.integer('round').notNullable().defaultTo(0)
    })
    this.schema.raw(
      `create index webhook_deliveries_pending on webhook_deliveries (created_at)
         where status = 'pending'`
    )
  }

  async down() {
    this.schema.raw('drop index webhook_deliveries_pending')
    this.schema.alterTable('webhook_deliveries', (table) => {
      table.dropColumn('round')
    })
  }
}
