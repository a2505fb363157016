import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'fal_requests'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('request_id', 100).notNullable().unique()
      table.string('endpoint', 200).notNullable()
      table.string('status', 16).notNullable().defaultTo('pending')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      `alter table fal_requests
         add constraint fal_requests_status_known check (status in ('pending', 'completed', 'failed'))`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
