import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Money that holds under load and hostile input (docs/billing.md):
 * - a Stripe event we cannot use is still recorded, with why, so it is acknowledged once;
 * - a payment whose effect could not be applied says why; refunds are counted in cents;
 * - a coupon use is counted once, when the money moves (`coupon_redeemed_at`);
 * - a refund of credits already spent becomes a debt the next purchase settles;
 * - catalogue credits stay within what a balance can hold.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('stripe_events', (table) => {
      table.string('outcome', 16).notNullable().defaultTo('processed')
      table.string('note', 500).nullable()
    })
    this.schema.alterTable('payments', (table) => {
      table.string('failure_reason', 200).nullable()
      table.integer('refunded_cents').notNullable().defaultTo(0)
      table.timestamp('coupon_redeemed_at', { useTz: true }).nullable()
      table.string('stripe_payment_intent_id', 255).nullable().unique()
    })
    this.schema.alterTable('users', (table) => {
      table.integer('credit_debt').notNullable().defaultTo(0)
    })
    this.schema.raw(
      `alter table payments
         add constraint payments_refunded_within_amount check (
           refunded_cents >= 0 and refunded_cents <= amount_cents)`
    )
    this.schema.raw(
      `alter table users add constraint users_credit_debt_not_negative check (credit_debt >= 0)`
    )
    this.schema.raw(
      `alter table credit_ledger
         drop constraint credit_ledger_reason_known,
         add constraint credit_ledger_reason_known check (reason in
           ('signup', 'plan_grant', 'pack_purchase', 'video_charge', 'refund', 'admin_grant',
            'payment_refund', 'debt_settlement'))`
    )
    this.schema.raw(
      `alter table plans add constraint plans_credits_within_limit check (credits <= 1000000)`
    )
    this.schema.raw(
      `alter table credit_packs
         add constraint credit_packs_credits_within_limit check (credits <= 1000000)`
    )
  }

  async down() {
    this.schema.raw('alter table credit_packs drop constraint credit_packs_credits_within_limit')
    this.schema.raw('alter table plans drop constraint plans_credits_within_limit')
    this.schema.raw(
      `alter table credit_ledger
         drop constraint credit_ledger_reason_known,
         add constraint credit_ledger_reason_known check (reason in
           ('signup', 'plan_grant', 'pack_purchase', 'video_charge', 'refund', 'admin_grant'))`
    )
    this.schema.alterTable('users', (table) => {
      table.dropColumn('credit_debt')
    })
    this.schema.alterTable('payments', (table) => {
      table.dropColumn('failure_reason')
      table.dropColumn('refunded_cents')
      table.dropColumn('coupon_redeemed_at')
      table.dropColumn('stripe_payment_intent_id')
    })
    this.schema.alterTable('stripe_events', (table) => {
      table.dropColumn('outcome')
      table.dropColumn('note')
    })
  }
}
