/**
 * Money is whole cents in the database and in Stripe, dollars at the edges
 * (JSON, pages, forms).
 */
export function toDollars(amountCents: number) {
  return amountCents / 100
}

export function toCents(dollars: number) {
  return Math.round(dollars * 100)
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Cents as a person reads money: `$1.50`, `$1,200.00`. */
export function formatMoney(amountCents: number) {
  return DOLLARS.format(amountCents / 100)
}
