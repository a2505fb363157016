import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'credit_ledger'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.integer('amount').notNullable()
      table.string('reason', 32).notNullable()
      table.string('reference', 120).notNullable()
      table.integer('balance_after').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['user_id', 'created_at'])
      // One row per (user, reason, reference): a grant, charge or refund happens once.
      table.unique(['user_id', 'reason', 'reference'])
    })
    this.schema.raw(
      `alter table credit_ledger
         add constraint credit_ledger_reason_known check (reason in
           ('signup', 'plan_grant', 'pack_purchase', 'video_charge', 'refund', 'admin_grant')),
         add constraint credit_ledger_amount_not_zero check (amount <> 0),
         add constraint credit_ledger_balance_not_negative check (balance_after >= 0)`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
