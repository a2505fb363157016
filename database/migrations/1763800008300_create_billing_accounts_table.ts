import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Billing's own row per account: the cached balance, the credits owed from
 * refunds, the plan and the Stripe links, moved off auth's users table
 * (docs/decisions.md, Billing owns the account's money). Every user has one:
 * a trigger opens it with the user's row, on the free plan with nothing in
 * it, so no path that makes a user (sign-up, a command, a bulk insert) can
 * leave an account without a balance; the ledger then fills it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('billing_accounts', (table) => {
      table.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE')
      table.integer('credits').notNullable().defaultTo(0)
      table.integer('credit_debt').notNullable().defaultTo(0)
      table.string('plan', 16).notNullable().defaultTo('free')
      table.string('stripe_customer_id').nullable().unique()
      table.string('stripe_subscription_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw(
      `alter table billing_accounts
         add constraint billing_accounts_credits_not_negative check (credits >= 0),
         add constraint billing_accounts_credit_debt_not_negative check (credit_debt >= 0),
         add constraint billing_accounts_plan_known check (plan in ('free', 'pro', 'agency'))`
    )
    this.schema.raw(
      `insert into billing_accounts
         (user_id, credits, credit_debt, plan, stripe_customer_id, stripe_subscription_id,
          created_at, updated_at)
       select id, credits, credit_debt, plan, stripe_customer_id, stripe_subscription_id,
              created_at, updated_at
         from users`
    )
    this.schema.raw(
      `create function open_billing_account() returns trigger language plpgsql as $$
       begin
         insert into billing_accounts (user_id, created_at, updated_at)
           values (new.id, new.created_at, new.created_at);
         return new;
       end $$`
    )
    this.schema.raw(
      `create trigger users_open_billing_account after insert on users
         for each row execute function open_billing_account()`
    )
    this.schema.alterTable('users', (table) => {
      table.dropUnique(['stripe_customer_id'])
    })
    this.schema.raw(
      `alter table users
         drop constraint users_credits_not_negative,
         drop constraint users_credit_debt_not_negative,
         drop constraint users_plan_known`
    )
    this.schema.alterTable('users', (table) => {
      table.dropColumns(
        'credits',
        'credit_debt',
        'plan',
        'stripe_customer_id',
        'stripe_subscription_id'
      )
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.integer('credits').notNullable().defaultTo(0)
      table.integer('credit_debt').notNullable().defaultTo(0)
      table.string('plan', 16).notNullable().defaultTo('free')
      table.string('stripe_customer_id').nullable().unique()
      table.string('stripe_subscription_id').nullable()
    })
    this.schema.raw(
      `update users set credits = account.credits, credit_debt = account.credit_debt,
              plan = account.plan, stripe_customer_id = account.stripe_customer_id,
              stripe_subscription_id = account.stripe_subscription_id
         from billing_accounts account where account.user_id = users.id`
    )
    this.schema.raw(
      `alter table users
         add constraint users_credits_not_negative check (credits >= 0),
         add constraint users_credit_debt_not_negative check (credit_debt >= 0),
         add constraint users_plan_known check (plan in ('free', 'pro', 'agency'))`
    )
    this.schema.raw('drop trigger users_open_billing_account on users')
    this.schema.raw('drop function open_billing_account()')
    this.schema.dropTable('billing_accounts')
  }
}
