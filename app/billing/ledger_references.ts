import { randomUUID } from 'node:crypto'

/**
 * The references billing writes on ledger rows, built here only: a movement
 * is applied once per (user, reason, reference), so the same event must
 * always name the same reference.
 */

/** A new account's credits: once per account. */
export const SIGNUP_REFERENCE = 'signup'

/** A paid credit pack. */
export function paymentReference(paymentId: number) {
  return `payment:${paymentId}`
}

/** Credits taken back when a payment's refunded total reaches `refundedCents`. */
export function paymentRefundReference(paymentId: number, refundedCents: number) {
  return `${paymentReference(paymentId)}:refunded:${refundedCents}`
}

/** A plan's credits for one paid invoice. */
export function invoiceReference(invoiceId: string) {
  return `invoice:${invoiceId}`
}

/** A debt settled from the movement that brought the credits in. */
export function debtSettlementReference(reason: string, reference: string) {
  return `${reason}:${reference}`
}

/** An operator's adjustment, one of a kind each time: `cli:…`, `admin-unlimited:…`. */
export function operatorReference(source: 'cli' | 'admin-unlimited') {
  return `${source}:${randomUUID()}`
}
