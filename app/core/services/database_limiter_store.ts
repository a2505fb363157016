import db from '@adonisjs/lucid/services/db'
import string from '@adonisjs/core/helpers/string'
import RateLimiterBridge from '@adonisjs/limiter/stores/bridge'
import type { LimiterConsumptionOptions } from '@adonisjs/limiter/types'
import type { QueryConfig, QueryResult, PoolClient } from 'pg'
import { RateLimiterPostgres } from 'rate-limiter-flexible'

type KnexClient = {
  acquireConnection(): Promise<PoolClient>
  releaseConnection(connection: PoolClient): Promise<void>
}

/**
 * Runs each limiter query on the connection Lucid hands out at that moment
 * (the pool; in tests, the test's global transaction), and gives it back.
 */
const currentConnection = {
  async query(config: QueryConfig): Promise<QueryResult> {
    const client = db.connection().getWriteClient().client as KnexClient
    const connection = await client.acquireConnection()
    try {
      return await connection.query(config)
    } finally {
      await client.releaseConnection(connection)
    }
  },
}

/**
 * Rate limits in the `rate_limits` table. Unlike @adonisjs/limiter's own
 * database store, which keeps the raw connection it was given when its
 * limiter was first used for the whole life of the process, this asks for a
 * connection at every query: a connection kept that way goes back to the pool
 * when its transaction ends and is closed there once idle, after which every
 * limited request failed with "Client was closed and is not queryable".
 */
export class DatabaseLimiterStore extends RateLimiterBridge {
  readonly name = 'database'

  constructor(options: LimiterConsumptionOptions) {
    super(
      new RateLimiterPostgres({
        storeClient: currentConnection,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        points: options.requests,
        duration: string.seconds.parse(options.duration),
        blockDuration: options.blockDuration
          ? string.seconds.parse(options.blockDuration)
          : undefined,
        inMemoryBlockOnConsumed: options.inMemoryBlockOnConsumed,
        inMemoryBlockDuration: options.inMemoryBlockDuration
          ? string.seconds.parse(options.inMemoryBlockDuration)
          : undefined,
      })
    )
  }

  async clear() {
    this.deleteInMemoryBlockedKeys()
    await db.from('rate_limits').delete()
  }
}
