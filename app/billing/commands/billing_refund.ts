import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { PaymentGateway } from '#billing/gateway/payment_gateway'
import { formatMoney, toCents } from '#billing/money'
import { LocalCheckout } from '#billing/services/local_checkout'

export default class BillingRefund extends BaseCommand {
  static commandName = 'billing:refund'
  static description =
    'Test checkout only: refund a pack payment in full or in part (sends charge.refunded)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The payment id (as on /billing and in the admin area)' })
  declare paymentId: string

  @flags.number({ description: 'Dollars to refund; the rest of the payment when left out' })
  declare amount?: number

  async run() {
    const gateway = await this.app.container.make(PaymentGateway)
    if (gateway.name === 'stripe') {
      this.logger.error(
        'With Stripe, refund from its dashboard: its charge.refunded event does the rest.'
      )
      this.exitCode = 1
      return
    }
    const checkout = await this.app.container.make(LocalCheckout)
    const result = await checkout.refund(
      Number(this.paymentId),
      this.amount === undefined ? undefined : toCents(this.amount)
    )
    switch (result.status) {
      case 'refunded':
        this.logger.success(
          `Refunded ${formatMoney(result.refundedCents)} of payment ${this.paymentId} (${formatMoney(result.totalCents)} of ${formatMoney(result.amountCents)} refunded in all); the account now has ${result.credits} credits`
        )
        return
      case 'not_positive':
        this.logger.error(
          `The amount to refund must be more than $0.00 (got --amount=${this.amount}). Leave it out to refund what is left.`
        )
        this.exitCode = 1
        return
      case 'not_refundable':
        this.logger.error(
          `Payment ${this.paymentId} is not a completed payment of the test checkout with money left to refund.`
        )
        this.exitCode = 1
        return
      case 'too_much':
        this.logger.error(
          `Only ${formatMoney(result.leftCents)} of payment ${this.paymentId} is left to refund; nothing was refunded.`
        )
        this.exitCode = 1
    }
  }
}
