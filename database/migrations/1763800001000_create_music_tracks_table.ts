import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'music_tracks'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('title', 120).notNullable()
      table.string('artist', 120).nullable()
      table.string('mood', 16).notNullable()
      table.integer('duration').notNullable()
      table.string('file_name', 200).notNullable().unique()
      table.string('thumbnail_url', 500).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      `alter table music_tracks
         add constraint music_tracks_mood_known check (mood in ('chill', 'epic', 'horror', 'uplifting')),
         add constraint music_tracks_duration_positive check (duration >= 1)`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
