import app from '@adonisjs/core/services/app'
import { ConcurrencyLimit } from '#core/concurrency_limit'

let slots: ConcurrencyLimit | undefined

/**
 * The database work of payments in this process runs at most on half the
 * connection pool at once: a burst (a hundred buyers pressing Pay together,
 * Stripe catching up after an outage) waits its turn in memory, and the
 * other half of the pool keeps answering pages, the API and /health
 * (docs/billing.md). A run never takes a second slot while it holds one.
 */
export function paymentSlots() {
  if (!slots) {
    const poolMax = app.config.get<number>('database.connections.postgres.pool.max', 10)
    slots = new ConcurrencyLimit(Math.max(1, Math.floor(poolMax / 2)))
  }
  return slots
}
