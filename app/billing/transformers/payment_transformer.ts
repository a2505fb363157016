import { BaseTransformer } from '@adonisjs/core/transformers'
import type Payment from '#billing/models/payment'
import { toDollars } from '#billing/money'

export default class PaymentTransformer extends BaseTransformer<Payment> {
  /** A payment as Billing's payment history shows it, amount in dollars. */
  toObject() {
    return {
      id: this.resource.id,
      createdAt: this.resource.createdAt.toISO()!,
      kind: this.resource.kind,
      credits: this.resource.credits,
      amount: toDollars(this.resource.amountCents),
      currency: this.resource.currency,
      status: this.resource.status,
      /** Money returned so far (a refund, full or partial). */
      refunded: toDollars(this.resource.refundedCents),
      /** Why a paid payment could not be applied, when it could not. */
      failureReason: this.resource.failureReason,
    }
  }
}
