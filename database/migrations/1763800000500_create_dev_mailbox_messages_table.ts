import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Mail sent in development without SMTP lands here and on /dev/mailbox.
 */
export default class extends BaseSchema {
  protected tableName = 'dev_mailbox_messages'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.string('to', 254).notNullable()
      table.string('subject').notNullable()
      table.text('text').notNullable()
      table.text('html').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
