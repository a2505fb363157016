import vine from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'

/**
 * The fields of Stripe's events that the handler reads, and nothing it
 * does not: each event type has its schema, unknown fields pass through
 * untouched. A signed event whose fields do not fit is recorded and
 * acknowledged as unusable instead of failing half-way (docs/billing.md).
 */

/** Stripe amounts are at most 99,999,999 of the smallest unit ($999,999.99). */
const amount = () => vine.number({ strict: true }).withoutDecimals().range([0, 99_999_999])

const stripeId = () => vine.string().minLength(1).maxLength(255)

/** An expandable reference: the id, or the object with its id. */
const reference = () =>
  vine.unionOfTypes([stripeId(), vine.object({ id: stripeId() }).allowUnknownProperties()])

const metadata = () => vine.record(vine.string().maxLength(500))

const checkoutSession = vine
  .object({
    id: stripeId(),
    mode: vine.enum(['payment', 'subscription', 'setup'] as const),
    payment_status: vine.string().maxLength(32).optional(),
    client_reference_id: vine.string().maxLength(200).nullable().optional(),
    customer: reference().nullable().optional(),
    subscription: reference().nullable().optional(),
    payment_intent: reference().nullable().optional(),
    amount_total: amount().nullable().optional(),
    metadata: metadata().nullable().optional(),
  })
  .allowUnknownProperties()

const invoice = vine
  .object({
    id: stripeId(),
    customer: reference().nullable().optional(),
    billing_reason: vine.string().maxLength(64).nullable().optional(),
    currency: vine.string().regex(/^[a-z]{3}$/),
    amount_due: amount(),
    amount_paid: amount(),
    parent: vine
      .object({
        subscription_details: vine
          .object({
            subscription: reference().nullable().optional(),
            metadata: metadata().nullable().optional(),
          })
          .allowUnknownProperties()
          .nullable()
          .optional(),
      })
      .allowUnknownProperties()
      .nullable()
      .optional(),
    lines: vine
      .object({
        data: vine.array(
          vine
            .object({
              pricing: vine
                .object({
                  price_details: vine
                    .object({ price: reference().nullable().optional() })
                    .allowUnknownProperties()
                    .nullable()
                    .optional(),
                })
                .allowUnknownProperties()
                .nullable()
                .optional(),
            })
            .allowUnknownProperties()
        ),
      })
      .allowUnknownProperties()
      .optional(),
  })
  .allowUnknownProperties()

const subscription = vine
  .object({
    id: stripeId(),
    customer: reference().nullable().optional(),
    status: vine.string().maxLength(32).optional(),
    metadata: metadata().nullable().optional(),
    items: vine
      .object({
        data: vine.array(
          vine
            .object({ price: vine.object({ id: stripeId() }).allowUnknownProperties() })
            .allowUnknownProperties()
        ),
      })
      .allowUnknownProperties()
      .optional(),
  })
  .allowUnknownProperties()

const charge = vine
  .object({
    id: stripeId(),
    amount: amount(),
    amount_refunded: amount(),
    payment_intent: reference().nullable().optional(),
  })
  .allowUnknownProperties()

/** Every event: an id we can record it under, and its type. */
export const stripeEventEnvelope = vine.create(
  vine
    .object({ id: stripeId(), type: vine.string().minLength(1).maxLength(100) })
    .allowUnknownProperties()
)

export const stripeObjectValidators = {
  checkoutSession: vine.create(checkoutSession),
  invoice: vine.create(invoice),
  subscription: vine.create(subscription),
  charge: vine.create(charge),
}

export type CheckoutSessionFields = Infer<typeof checkoutSession>
export type InvoiceFields = Infer<typeof invoice>
export type SubscriptionFields = Infer<typeof subscription>
export type ChargeFields = Infer<typeof charge>
export type StripeReference = Infer<ReturnType<typeof reference>>
