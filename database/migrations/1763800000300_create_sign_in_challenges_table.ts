import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'sign_in_challenges'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.string('email', 254).notNullable()
      table.string('token_hash', 64).notNullable().unique()
      table.string('code_hash', 64).notNullable()
      table.smallint('failed_attempts').notNullable().defaultTo(0)
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('consumed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['email', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
