import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Billing's catalogue and money: plans priced in cents with their render
 * effects as data, credit packs, coupons, payments (each linked to the
 * ledger rows it caused) and the Stripe events already handled.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('plans', (table) => {
      table.integer('price_cents').notNullable().defaultTo(0)
      table.string('render_quality', 8).notNullable().defaultTo('1080p')
      table.boolean('watermark').notNullable().defaultTo(false)
    })
    this.schema.raw('update plans set price_cents = round(price * 100)')
    this.schema.raw(
      `update plans set render_quality = '720p', watermark = true where slug = 'free'`
    )
    this.schema.raw(`update plans set render_quality = '2160p' where slug = 'agency'`)
    this.schema.raw(
      `alter table plans
         drop constraint plans_price_not_negative,
         drop column price,
         add constraint plans_price_cents_not_negative check (price_cents >= 0),
         add constraint plans_render_quality_known check (render_quality in ('720p', '1080p', '2160p'))`
    )

    this.schema.createTable('credit_packs', (table) => {
      table.increments('id')
      table.integer('credits').notNullable()
      table.integer('price_cents').notNullable()
      table.integer('sort_order').notNullable().defaultTo(0)
      table.boolean('is_active').notNullable().defaultTo(true)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      `alter table credit_packs
         add constraint credit_packs_credits_positive check (credits > 0),
         add constraint credit_packs_price_cents_positive check (price_cents > 0)`
    )

    this.schema.createTable('coupons', (table) => {
      table.increments('id')
      table.string('code', 40).notNullable().unique()
      table.string('discount_type', 16).notNullable().defaultTo('percentage')
      // Percent off (1–100) for 'percentage', cents off for 'fixed'.
      table.integer('discount_value').notNullable()
      table.integer('usage_limit').nullable()
      table.integer('usage_count').notNullable().defaultTo(0)
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.string('stripe_coupon_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      `alter table coupons
         add constraint coupons_code_upper_case check (code = upper(code)),
         add constraint coupons_discount_type_known check (discount_type in ('percentage', 'fixed')),
         add constraint coupons_discount_value_valid check (
           discount_value > 0 and (discount_type = 'fixed' or discount_value <= 100)),
         add constraint coupons_usage_count_not_negative check (usage_count >= 0)`
    )

    this.schema.createTable('payments', (table) => {
      table.increments('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('kind', 16).notNullable()
      table.string('status', 16).notNullable().defaultTo('pending')
      table.integer('amount_cents').notNullable()
      table.string('currency', 3).notNullable().defaultTo('usd')
      table.integer('credits').notNullable()
      table
        .integer('credit_pack_id')
        .nullable()
        .references('id')
        .inTable('credit_packs')
        .onDelete('SET NULL')
      table.integer('plan_id').nullable().references('id').inTable('plans').onDelete('SET NULL')
      table.integer('coupon_id').nullable().references('id').inTable('coupons').onDelete('SET NULL')
      table.string('stripe_checkout_session_id').nullable().unique()
      table.string('stripe_invoice_id').nullable().unique()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['user_id', 'created_at'])
    })
    this.schema.raw(
      `alter table payments
         add constraint payments_kind_known check (kind in ('pack', 'subscription')),
         add constraint payments_status_known check (status in ('pending', 'completed', 'failed')),
         add constraint payments_amount_not_negative check (amount_cents >= 0),
         add constraint payments_credits_not_negative check (credits >= 0)`
    )

    this.schema.alterTable('credit_ledger', (table) => {
      table
        .integer('payment_id')
        .nullable()
        .references('id')
        .inTable('payments')
        .onDelete('SET NULL')
      // Why an operator moved credits by hand (credits:grant --reason).
      table.string('note', 500).nullable()
    })

    // One row per Stripe event handled, written with the event's effects: a replay finds it.
    this.schema.createTable('stripe_events', (table) => {
      table.string('id', 255).primary()
      table.string('type', 100).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })

    // The offline checkout's stand-in for Stripe: its sessions and subscriptions.
    this.schema.createTable('local_checkout_sessions', (table) => {
      table.string('id', 64).primary()
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('status', 16).notNullable().defaultTo('open')
      table.jsonb('session').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.createTable('local_subscriptions', (table) => {
      table.string('id', 64).primary()
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('plan_id').notNullable().references('id').inTable('plans')
      table.string('status', 24).notNullable()
      table.integer('period').notNullable().defaultTo(1)
      table.timestamp('current_period_end', { useTz: true }).notNullable()
      table.jsonb('metadata').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }

  async down() {
    this.schema.dropTable('local_subscriptions')
    this.schema.dropTable('local_checkout_sessions')
    this.schema.dropTable('stripe_events')
    this.schema.alterTable('credit_ledger', (table) => {
      table.dropColumn('payment_id')
      table.dropColumn('note')
    })
    this.schema.dropTable('payments')
    this.schema.dropTable('coupons')
    this.schema.dropTable('credit_packs')
    this.schema.alterTable('plans', (table) => {
      table.decimal('price', 10, 2).notNullable().defaultTo(0)
    })
    this.schema.raw('update plans set price = price_cents / 100.0')
    this.schema.alterTable('plans', (table) => {
      table.dropColumn('price_cents')
      table.dropColumn('render_quality')
      table.dropColumn('watermark')
    })
  }
}
