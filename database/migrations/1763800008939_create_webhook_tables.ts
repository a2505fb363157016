import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An API customer's webhook endpoints and what was sent to them (README,
 * Webhooks). An endpoint keeps its signing secret encrypted with the app's
 * key: signing needs the secret itself, so a hash would not do. A delivery
 * is one event for one endpoint, unique by its event id there, with its
 * body kept as signed so a resend sends the same bytes.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('webhook_endpoints', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('url', 2048).notNullable()
      table.specificType('events', 'text[]').notNullable()
      table.text('secret_encrypted').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'id'])
    })
    this.schema.createTable('webhook_deliveries', (table) => {
      table.bigIncrements('id')
      table
        .integer('endpoint_id')
        .notNullable()
        .references('id')
        .inTable('webhook_endpoints')
        .onDelete('CASCADE')
      table.uuid('event_id').notNullable()
      table.string('event_type', 40).notNullable()
      table.text('body').notNullable()
      table.string('status', 12).notNullable().defaultTo('pending')
      table.integer('attempts').notNullable().defaultTo(0)
      table.smallint('status_code').nullable()
      table.string('error', 200).nullable()
      table.timestamp('last_attempt_at', { useTz: true }).nullable()
      table.timestamp('delivered_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['endpoint_id', 'event_id'])
      table.index(['endpoint_id', 'id'])
    })
    this.schema.raw(
      `alter table webhook_deliveries
         add constraint webhook_deliveries_status_known
           check (status in ('pending', 'delivered', 'failed'))`
    )
  }

  async down() {
    this.schema.dropTable('webhook_deliveries')
    this.schema.dropTable('webhook_endpoints')
  }
}
