import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('email', 254).notNullable().unique()
      table.string('username', 80).nullable()
      table.integer('credits').notNullable().defaultTo(0)
      table.string('plan', 16).notNullable().defaultTo('free')
      table.string('stripe_customer_id').nullable()
      table.string('stripe_subscription_id').nullable()
      table.string('niche', 120).nullable()
      table.string('language', 40).notNullable().defaultTo('english')
      table.string('default_style', 40).notNullable().defaultTo('cinematic')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      `alter table users
         add constraint users_credits_not_negative check (credits >= 0),
         add constraint users_plan_known check (plan in ('free', 'pro', 'agency')),
         add constraint users_email_lower_case check (email = lower(email))`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
