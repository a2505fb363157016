import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { QueueService } from '#core/queue/queue_service'

type CheckResult = { status: 'ok' } | { status: 'error'; message: string }

/**
 * How long each check may take. The checks run side by side, so /health
 * answers within about this long whatever stalls: a load balancer's probe
 * (usually given a second or two) gets a 503 naming the check, not a hang.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 800

async function probe(name: string, check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => resolve('stalled'), HEALTH_CHECK_TIMEOUT_MS)
  })
  try {
    const outcome = await Promise.race([check(), stalled])
    if (outcome === 'stalled') {
      return {
        status: 'error',
        message: `The ${name} did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms.`,
      }
    }
    return { status: 'ok' }
  } catch (error) {
    return { status: 'error', message: (error as Error).message }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Real round trips to the database and the queue backend, each within
 * HEALTH_CHECK_TIMEOUT_MS.
 */
@inject()
export class CheckHealth {
  constructor(private queues: QueueService) {}

  protected database() {
    return db.connection()
  }

  /** The database's round trip; PostgreSQL is told to cancel it once it is too late. */
  protected databaseRoundTrip() {
    return this.database().rawQuery('select 1').timeout(HEALTH_CHECK_TIMEOUT_MS, { cancel: true })
  }

  async run() {
    const [database, queue] = await Promise.all([
      probe('database', () => this.databaseRoundTrip()),
      probe('queue backend', () => this.queues.ping()),
    ])
    return {
      healthy: database.status === 'ok' && queue.status === 'ok',
      checks: {
        database,
        queue: { ...queue, backend: this.queues.backend },
      },
    }
  }
}
