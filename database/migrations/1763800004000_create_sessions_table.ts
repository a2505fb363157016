import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Browser sessions, kept server-side so signing out ends them (the shape
 * @adonisjs/session's database store reads and writes). A signed-in session
 * carries its user, so "Sign out of all devices" finds every one of them.
 */
export default class extends BaseSchema {
  protected tableName = 'sessions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id').primary()
      table.text('data').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
        .index()
      table.timestamp('expires_at', { useTz: true }).notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
