import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.text('script').notNullable()
      table.text('voice_over').notNullable()
      table.string('style', 32).notNullable()
      table.text('style_template').notNullable()
      table.jsonb('music').nullable()
      table.jsonb('voice').notNullable()
      table.string('aspect_ratio', 8).notNullable()
      table.integer('target_seconds').notNullable()
      table.string('generation_mode', 32).notNullable()
      table.string('source_image_url', 2000).nullable()
      table.string('status', 16).notNullable().defaultTo('draft')
      table.integer('progress_percent').notNullable().defaultTo(0)
      table.text('error').nullable()
      table.string('output_video_key', 300).nullable()
      table.string('thumb_key', 300).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'created_at'])
    })
    this.schema.raw(
      `alter table projects
         add constraint projects_status_known check
           (status in ('draft', 'queued', 'processing', 'rendering', 'done', 'failed')),
         add constraint projects_aspect_ratio_known check (aspect_ratio in ('9:16', '1:1', '16:9')),
         add constraint projects_mode_known check
           (generation_mode in ('text-to-video', 'image-to-video', 'ai-images-to-video')),
         add constraint projects_progress_range check (progress_percent between 0 and 100)`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
