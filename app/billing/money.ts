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
