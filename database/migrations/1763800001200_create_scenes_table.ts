import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'scenes'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('project_id')
        .notNullable()
        .references('id')
        .inTable('projects')
        .onDelete('CASCADE')
      table.text('prompt').notNullable()
      table.integer('duration').notNullable().defaultTo(5)
      table.integer('order').notNullable()
      table.string('status', 16).notNullable().defaultTo('pending')
      table.string('thumbnail_key', 300).nullable()
      table.string('video_key', 300).nullable()
      table.text('error_message').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    // Deferred, so renumbering a project's scenes in one statement never trips it.
    this.schema.raw(
      `alter table scenes
         add constraint scenes_order_unique unique (project_id, "order") deferrable initially deferred,
         add constraint scenes_status_known check
           (status in ('pending', 'processing', 'completed', 'failed')),
         add constraint scenes_duration_five check (duration = 5),
         add constraint scenes_order_positive check ("order" >= 1)`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
