import { test } from '@japa/runner'
import net from 'node:net'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'
import { QueueService } from '#core/queue/queue_service'
import { CheckHealth, HEALTH_CHECK_TIMEOUT_MS } from '#core/queries/check_health'

/**
 * A server that takes connections and never says a word: a database or
 * Redis that stalls. Stopping it drops its connections, so whatever still
 * waits on it gives up at once.
 */
async function stalledServer() {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => sockets.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** Well under any stall worth the name, well over the checks' own limit: no race with the clock. */
const ANSWERS_WITHIN_MS = 5000

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

  test('a database that stalls: 503 within the checks’ limit, naming the database', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { port, stop } = await stalledServer()
    const config = app.config.get<PostgreConfig>('database.connections.postgres')
    const connection = config.connection as Record<string, unknown>
    db.manager.add('stalled', { ...config, connection: { ...connection, port } })
    class StalledDatabaseHealth extends CheckHealth {
      protected database() {
        return db.connection('stalled')
      }
    }
    app.container.swap(
      CheckHealth,
      async (resolver) => new StalledDatabaseHealth(await resolver.make(QueueService))
    )
    cleanup(async () => {
      app.container.restore(CheckHealth)
      await stop()
      await db.manager.close('stalled')
    })

    const started = Date.now()
    const response = await client.get('/health')
    const took = Date.now() - started

    response.assertStatus(503)
    assert.isAtLeast(took, HEALTH_CHECK_TIMEOUT_MS)
    assert.isBelow(took, ANSWERS_WITHIN_MS)
    assert.deepEqual(response.body().checks.database, {
      status: 'error',
      message: `The database did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms.`,
    })
    assert.equal(response.body().checks.queue.status, 'ok')
  })

  test('a queue backend that stalls: 503 within the checks’ limit, naming the queue backend', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { port, stop } = await stalledServer()
    const stalled = new QueueService(
      { backend: 'redis', url: `redis://127.0.0.1:${port}`, concurrency: 1 },
      logger
    )
    app.container.swap(QueueService, () => stalled)
    cleanup(async () => {
      app.container.restore(QueueService)
      await stop()
      await stalled.close()
    })

    const started = Date.now()
    const response = await client.get('/health')
    const took = Date.now() - started

    response.assertStatus(503)
    assert.isBelow(took, ANSWERS_WITHIN_MS)
    assert.equal(response.body().checks.database.status, 'ok')
    assert.deepEqual(response.body().checks.queue, {
      status: 'error',
      message: `The queue backend did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms.`,
      backend: 'redis',
    })
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
