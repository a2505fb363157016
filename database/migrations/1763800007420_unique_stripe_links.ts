import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One account per Stripe customer and one plan per Stripe price
 * (docs/billing.md, Stripe ids are links): events find their account by
 * customer and their plan by price, so two rows sharing one made the answer
 * depend on the order PostgreSQL happened to return them in.
 *
 * A link shared before this migration is kept where the evidence is, and
 * cleared elsewhere: the customer stays with the account that has a Stripe
 * subscription (else the oldest account), the price with the oldest plan
 * (the catalogue's). A plan without a price id is charged at its own price,
 * and an account without a customer gets one at its next checkout.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      `update users set stripe_customer_id = null, updated_at = now()
        where id in (
          select id from (
            select id, row_number() over (
              partition by stripe_customer_id
              order by (stripe_subscription_id is not null) desc, id) as rank
            from users where stripe_customer_id is not null) ranked
          where rank > 1)`
    )
    this.schema.raw(
      `update plans set stripe_price_id = null, updated_at = now()
        where id in (
          select id from (
            select id, row_number() over (partition by stripe_price_id order by id) as rank
            from plans where stripe_price_id is not null) ranked
          where rank > 1)`
    )
    this.schema.alterTable('users', (table) => {
      table.unique(['stripe_customer_id'])
    })
    this.schema.alterTable('plans', (table) => {
      table.unique(['stripe_price_id'])
    })
  }

  async down() {
    this.schema.alterTable('plans', (table) => {
      table.dropUnique(['stripe_price_id'])
    })
    this.schema.alterTable('users', (table) => {
      table.dropUnique(['stripe_customer_id'])
    })
  }
}
