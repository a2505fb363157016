import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * When a run was queued and when it finished, and how big its frame was:
 * what the status page's time estimate is calibrated from (docs/product.md,
 * Status).
 */
export default class extends BaseSchema {
  protected tableName = 'projects'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('render_started_at', { useTz: true }).nullable()
      table.timestamp('render_finished_at', { useTz: true }).nullable()
      table.integer('render_pixels').nullable()
      table.integer('render_scenes').nullable()
    })
    this.schema.raw(
      `create index projects_recent_renders on projects (render_finished_at desc)
         where render_finished_at is not null and status = 'done'`
    )
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex([], 'projects_recent_renders')
      table.dropColumns('render_started_at', 'render_finished_at', 'render_pixels', 'render_scenes')
    })
  }
}
