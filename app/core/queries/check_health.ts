import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { QueueService } from '#core/queue/queue_service'

type CheckResult = { status: 'ok' } | { status: 'error'; message: string }

async function probe(check: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await check()
    return { status: 'ok' }
  } catch (error) {
    return { status: 'error', message: (error as Error).message }
  }
}

/**
 * Real round trips to the database and the queue backend.
 */
@inject()
export class CheckHealth {
  constructor(private queues: QueueService) {}

  protected database() {
    return db.connection()
  }

  async run() {
    const [database, queue] = await Promise.all([
      probe(() => this.database().rawQuery('select 1')),
      probe(() => this.queues.ping()),
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
