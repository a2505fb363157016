import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * My Videos at scale: the prompt search (ILIKE '%…%') through a trigram
 * index, and the status filter through (user_id, status, created_at).
 */
export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.raw('create extension if not exists pg_trgm')
    this.schema.raw(
      'create index projects_script_trgm_index on projects using gin (script gin_trgm_ops)'
    )
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['user_id', 'status', 'created_at'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['user_id', 'status', 'created_at'])
    })
    this.schema.raw('drop index projects_script_trgm_index')
  }
}
