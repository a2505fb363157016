import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A plan's tier is the users.plan its subscribers get (free, pro, agency);
 * the slug only names the row. The catalogue's plans are their own tier;
 * plans an operator adds (a yearly Pro, a copy) name the tier they sell.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('plans', (table) => {
      table.string('tier', 16).notNullable().defaultTo('pro')
    })
    this.schema.raw(`update plans set tier = slug where slug in ('free', 'pro', 'agency')`)
    this.schema.raw(
      `alter table plans add constraint plans_tier_known check (tier in ('free', 'pro', 'agency'))`
    )
  }

  async down() {
    this.schema.alterTable('plans', (table) => {
      table.dropColumn('tier')
    })
  }
}
