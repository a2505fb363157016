import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Payment from '#billing/models/payment'
import type { SubscriptionSnapshot } from '#billing/gateway/payment_gateway'
import { CreditLedger } from '#billing/services/credit_ledger'
import { paymentReference } from '#billing/ledger_references'
import type { CheckoutSessionFields } from '#billing/validators/stripe_events'
import {
  StripeEventRows,
  idOf,
  ignoreUnknown,
} from '#billing/actions/stripe_events/stripe_event_rows'

/** `checkout.session.*`: a pack paid for, a subscription started, a checkout left unpaid. */
@inject()
export class CheckoutEvents {
  constructor(
    private ledger: CreditLedger,
    private rows: StripeEventRows
  ) {}

  async completed(
    session: CheckoutSessionFields,
    paymentStatus: string | undefined,
    snapshot: SubscriptionSnapshot | null,
    trx: TransactionClientContract
  ) {
    const account = await this.rows.lockAccount(trx, { userId: session.client_reference_id })
    if (!account) return ignoreUnknown('checkout session', session.id)
    const customerId = idOf(session.customer)
    if (customerId) await this.rows.linkCustomer(account, customerId)

    if (session.mode === 'subscription') {
      if (snapshot) await this.rows.applySubscription(account, snapshot, trx)
      return
    }

    if (paymentStatus !== 'paid') return
    const payment = await Payment.query({ client: trx })
      .where('stripe_checkout_session_id', session.id)
      .where('user_id', account.userId)
      .forUpdate()
      .first()
    if (!payment) return ignoreUnknown('pack payment for session', session.id)
    if (payment.status === 'completed') return
    const paymentIntent = idOf(session.payment_intent)
    if (paymentIntent) payment.stripePaymentIntentId = paymentIntent
    const credited = await this.ledger.purchase(
      {
        userId: account.userId,
        amount: payment.credits,
        reference: paymentReference(payment.id),
        paymentId: payment.id,
      },
      trx
    )
    await this.rows.settle(payment, session.amount_total ?? payment.amountCents, credited, trx)
  }

  /**
   * A checkout that ended unpaid: cancelled when the buyer left it (it
   * expired), failed when the payment was refused or a reason was recorded
   * (the test checkout's coupon that ran out).
   */
  async ended(
    session: CheckoutSessionFields,
    ending: 'failed' | 'cancelled',
    trx: TransactionClientContract
  ) {
    await Payment.query({ client: trx })
      .where('stripe_checkout_session_id', session.id)
      .where('status', 'pending')
      .update({
        status: trx.raw(`case when failure_reason is null then ? else 'failed' end`, [ending]),
        updated_at: new Date(),
      })
  }
}
