import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Payment from '#billing/models/payment'
import { CreditLedger } from '#billing/services/credit_ledger'
import { paymentRefundReference } from '#billing/ledger_references'
import type { ChargeFields } from '#billing/validators/stripe_events'
import { idOf, ignoreUnknown } from '#billing/actions/stripe_events/stripe_event_rows'

/** `charge.refunded`: money returned takes back a credit pack's credits. */
@inject()
export class RefundEvents {
  constructor(private ledger: CreditLedger) {}

  /**
   * A refund of a credit pack takes its credits back in proportion to the
   * money returned (Stripe's `amount_refunded` is the running total, so each
   * event takes back only what the last one did not).
   */
  async chargeRefunded(charge: ChargeFields, trx: TransactionClientContract) {
    const paymentIntent = idOf(charge.payment_intent)
    const payment =
      paymentIntent &&
      (await Payment.query({ client: trx })
        .where('stripe_payment_intent_id', paymentIntent)
        .forUpdate()
        .first())
    if (!payment) return ignoreUnknown('payment for charge', charge.id)
    if (payment.status !== 'completed' || payment.amountCents === 0) return
    const refundedCents = Math.min(charge.amount_refunded, payment.amountCents)
    if (refundedCents <= payment.refundedCents) return

    const creditsBack = (cents: number) =>
      Math.floor((payment.credits * cents) / payment.amountCents)
    const amount = creditsBack(refundedCents) - creditsBack(payment.refundedCents)
    if (payment.kind === 'pack' && amount > 0) {
      await this.ledger.takeBack(
        {
          userId: payment.userId,
          amount,
          reference: paymentRefundReference(payment.id, refundedCents),
          paymentId: payment.id,
        },
        trx
      )
    }
    await payment.merge({ refundedCents }).save()
  }
}
