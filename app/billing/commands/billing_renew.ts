import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { FindAccount } from '#auth/queries/find_account'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { LocalCheckout } from '#billing/services/local_checkout'
import { BillingAccounts } from '#billing/services/billing_accounts'

export default class BillingRenew extends BaseCommand {
  static commandName = 'billing:renew'
  static description =
    'Test checkout only: bill the next month of local subscriptions (sends invoice.paid)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Only this account’s subscription' })
  declare email?: string

  async run() {
    const gateway = await this.app.container.make(PaymentGateway)
    if (gateway.name === 'stripe') {
      this.logger.error(
        'Stripe renews subscriptions itself: this command is for the test checkout.'
      )
      this.exitCode = 1
      return
    }
    let userId: number | undefined
    if (this.email) {
      const user = await new FindAccount().byEmail(this.email)
      if (!user) {
        this.logger.error(`No account with the email ${this.email}.`)
        this.exitCode = 1
        return
      }
      userId = user.id
    }
    const checkout = await this.app.container.make(LocalCheckout)
    const renewed = await checkout.renew(userId)
    for (const { userId: owner } of renewed) {
      const user = await new FindAccount().byId(owner)
      const account = await new BillingAccounts().of(owner)
      this.logger.info(`${user.email}: renewed ${account.plan}, now ${account.credits} credits`)
    }
    this.logger.success(`${renewed.length} subscription(s) renewed`)
  }
}
