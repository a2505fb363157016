import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Series of videos made on a schedule (docs/series.md): a series keeps the
 * settings each of its videos is created with, its schedule in its time
 * zone and whether it runs. A slot is one topic waiting to become a video.
 * A slot is claimed by one fire of the schedule (`fire_key`, unique in its
 * series) before any work, so retries and several workers never make or
 * charge one slot twice. The account's time zone is where new series start.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.string('time_zone', 64).notNullable().defaultTo('UTC')
    })
    this.schema.createTable('series', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('name', 80).notNullable()
      table.integer('brand_id').nullable().references('id').inTable('brands').onDelete('SET NULL')
      table.jsonb('defaults').notNullable()
      table.string('schedule_kind', 8).notNullable()
      table.string('schedule_time', 5).nullable()
      table.specificType('schedule_weekdays', 'smallint[]').nullable()
      table.string('time_zone', 64).notNullable()
      table.string('status', 10).notNullable().defaultTo('active')
      table.string('pause_reason', 200).nullable()
      table.timestamp('paused_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'id'])
    })
    this.schema.raw(
      `alter table series
         add constraint series_status_known check (status in ('active', 'paused', 'finished')),
         add constraint series_schedule_known check (schedule_kind in ('now', 'daily', 'weekly')),
         add constraint series_schedule_time check (
           schedule_kind = 'now' or schedule_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
         add constraint series_schedule_weekdays check (
           schedule_kind <> 'weekly' or cardinality(schedule_weekdays) between 1 and 7)`
    )
    this.schema.createTable('series_slots', (table) => {
      table.increments('id')
      table
        .integer('series_id')
        .notNullable()
        .references('id')
        .inTable('series')
        .onDelete('CASCADE')
      table.integer('position').notNullable()
      table.string('topic', 200).notNullable()
      table.text('script').nullable()
      table.string('state', 10).notNullable().defaultTo('pending')
      table.string('fire_key', 120).nullable()
      table
        .integer('project_id')
        .nullable()
        .references('id')
        .inTable('projects')
        .onDelete('SET NULL')
      table.string('error', 300).nullable()
      table.timestamp('claimed_at', { useTz: true }).nullable()
      table.timestamp('made_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['series_id', 'position'])
      table.unique(['series_id', 'fire_key'])
      table.unique(['project_id'])
    })
    this.schema.raw(
      `alter table series_slots
         add constraint series_slots_state_known
           check (state in ('pending', 'claimed', 'made', 'skipped', 'failed'))`
    )
  }

  async down() {
    this.schema.dropTable('series_slots')
    this.schema.dropTable('series')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('time_zone')
    })
  }
}
