import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type BillingAccount from '#billing/models/billing_account'
import Payment from '#billing/models/payment'
import type Plan from '#billing/models/plan'
import type { SubscriptionSnapshot } from '#billing/gateway/payment_gateway'
import { CreditLedger } from '#billing/services/credit_ledger'
import { invoiceReference } from '#billing/ledger_references'
import type { InvoiceFields } from '#billing/validators/stripe_events'
import { isDatabaseId } from '#core/database_id'
import {
  StripeEventRows,
  idOf,
  ignoreUnknown,
} from '#billing/actions/stripe_events/stripe_event_rows'

/** `invoice.*`: a subscription's period paid for (its plan's credits) or its charge refused. */
@inject()
export class InvoiceEvents {
  constructor(
    private ledger: CreditLedger,
    private rows: StripeEventRows
  ) {}

  async paid(
    invoice: InvoiceFields,
    snapshot: SubscriptionSnapshot | null,
    trx: TransactionClientContract
  ) {
    const details = invoice.parent?.subscription_details
    if (!idOf(details?.subscription)) return
    const account = await this.rows.lockAccount(trx, {
      customerId: idOf(invoice.customer),
      userId: details?.metadata?.userId,
    })
    if (!account) return ignoreUnknown('invoice', invoice.id)
    // The plan this invoice paid for: its price, or the subscription's metadata when it was made.
    const plan = await this.rows.planFor(
      {
        priceId: idOf(invoice.lines?.data[0]?.pricing?.price_details?.price),
        metadata: details?.metadata ?? snapshot?.metadata ?? {},
      },
      trx
    )
    if (!plan) return ignoreUnknown('plan for invoice', invoice.id)

    const payment = await this.#invoicePayment(account, invoice, details?.metadata ?? {}, plan, trx)
    // Pending, or failed before Stripe's retry of the charge succeeded.
    if (payment.status !== 'completed') {
      // A plan may give no credits of its own (its features are what is sold).
      const credited =
        plan.credits > 0
          ? await this.ledger.grant(
              {
                userId: account.userId,
                amount: plan.credits,
                reason: 'plan_grant',
                reference: invoiceReference(invoice.id),
                paymentId: payment.id,
              },
              trx
            )
          : null
      await this.rows.settle(payment, invoice.amount_paid, credited, trx)
    }
    if (snapshot) await this.rows.applySubscription(account, snapshot, trx)
  }

  async failed(invoice: InvoiceFields, trx: TransactionClientContract) {
    const details = invoice.parent?.subscription_details
    const account = await this.rows.lockAccount(trx, {
      customerId: idOf(invoice.customer),
      userId: details?.metadata?.userId,
    })
    if (!account) return ignoreUnknown('invoice', invoice.id)
    const plan = await this.rows.planFor(
      {
        priceId: idOf(invoice.lines?.data[0]?.pricing?.price_details?.price),
        metadata: details?.metadata ?? {},
      },
      trx
    )
    const payment = await this.#invoicePayment(account, invoice, details?.metadata ?? {}, plan, trx)
    if (payment.status === 'pending') {
      await payment.merge({ status: 'failed', amountCents: invoice.amount_due }).save()
    }
  }

  /** The payment row of an invoice: found, the checkout's pending one, or a new one. */
  async #invoicePayment(
    account: BillingAccount,
    invoice: InvoiceFields,
    metadata: Record<string, string>,
    plan: Plan | null,
    trx: TransactionClientContract
  ) {
    const byInvoice = await Payment.query({ client: trx })
      .where('stripe_invoice_id', invoice.id)
      .forUpdate()
      .first()
    if (byInvoice) return byInvoice
    if (
      invoice.billing_reason === 'subscription_create' &&
      isDatabaseId(metadata.paymentId ?? '')
    ) {
      const fromCheckout = await Payment.query({ client: trx })
        .where('id', Number(metadata.paymentId))
        .where('user_id', account.userId)
        .where('kind', 'subscription')
        .whereNull('stripe_invoice_id')
        .forUpdate()
        .first()
      if (fromCheckout) {
        return fromCheckout.merge({ stripeInvoiceId: invoice.id }).save()
      }
    }
    return Payment.create(
      {
        userId: account.userId,
        kind: 'subscription',
        status: 'pending',
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        credits: plan?.credits ?? 0,
        planId: plan?.id ?? null,
        stripeInvoiceId: invoice.id,
      },
      { client: trx }
    )
  }
}
