import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import { QueueService } from '#core/queue/queue_service'
import { CheckHealth } from '#core/queries/check_health'

test.group('Health', () => {
  test('is ok when the database and the queue backend answer', async ({ client }) => {
    const response = await client.get('/health')

    response.assertStatus(200)
    response.assertBody({
      healthy: true,
      checks: {
        database: { status: 'ok' },
        queue: { status: 'ok', backend: 'postgres' },
      },
    })
  })

  test('reports 503 when the database is unreachable', async ({ client, assert, cleanup }) => {
    const config = app.config.get<PostgreConfig>('database.connections.postgres')
    const connection = config.connection as Record<string, unknown>
    db.manager.add('unreachable', { ...config, connection: { ...connection, port: 1 } })
    class UnreachableDatabaseHealth extends CheckHealth {
      protected database() {
        return db.connection('unreachable')
      }
    }
    app.container.swap(
      CheckHealth,
      async (resolver) => new UnreachableDatabaseHealth(await resolver.make(QueueService))
    )
    cleanup(async () => {
      app.container.restore(CheckHealth)
      await db.manager.close('unreachable')
    })

    const response = await client.get('/health')

    response.assertStatus(503)
    assert.equal(response.body().healthy, false)
    assert.equal(response.body().checks.database.status, 'error')
    assert.equal(response.body().checks.queue.status, 'ok')
  })

  test('reports 503 when the queue backend is unreachable', async ({ client, assert, cleanup }) => {
    const unreachable = new QueueService(
      { backend: 'redis', url: 'redis://127.0.0.1:1', concurrency: 1 },
      logger
    )
    app.container.swap(QueueService, () => unreachable)
    cleanup(async () => {
      app.container.restore(QueueService)
      await unreachable.close()
    })

    const response = await client.get('/health')

    response.assertStatus(503)
    assert.equal(response.body().checks.database.status, 'ok')
    assert.equal(response.body().checks.queue.status, 'error')
    assert.equal(response.body().checks.queue.backend, 'redis')
  })
})
