import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * How many brand kits a plan's subscribers may choose for new videos, as
 * plan data the operator edits (docs/decisions.md, Brand kits): Free 0,
 * Pro 1, Agency 25. The plan cards' brand line is derived from it, so the
 * "Multi-brand support" the Agency card used to carry as typed text leaves
 * the features list.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('plans', (table) => {
      table.integer('brand_limit').notNullable().defaultTo(0)
    })
    this.schema.raw(
      `alter table plans add constraint plans_brand_limit_range check (brand_limit between 0 and 1000)`
    )
    this.schema.raw(
      `update plans set brand_limit = case tier when 'agency' then 25 when 'pro' then 1 else 0 end`
    )
    this.schema.raw(
      `update plans set features = features - 'Multi-brand support'
        where features @> '["Multi-brand support"]'`
    )
  }

  async down() {
    this.schema.raw(
      `update plans set features = features || '["Multi-brand support"]'::jsonb
        where brand_limit > 1 and not features @> '["Multi-brand support"]'`
    )
    this.schema.alterTable('plans', (table) => {
      table.dropColumn('brand_limit')
    })
  }
}
