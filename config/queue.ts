import env from '#start/env'
import { postgresConnection } from '#config/database'
import type { QueueConfig } from '#core/queue/queue_service'

/**
 * BullMQ on Redis when REDIS_URL is set, else BullMQ's PostgreSQL backend on
 * the app database (schema `bullmq`, migrated when a connection opens).
 * Concurrency defaults suit the 2-core machines we run on.
 */
const redisUrl = env.get('REDIS_URL')

const shared = {
  concurrency: env.get('QUEUE_CONCURRENCY', 2),
  lockDurationMs: env.get('QUEUE_LOCK_MS', 30_000),
}

const queueConfig: QueueConfig = redisUrl
  ? { backend: 'redis', url: redisUrl, ...shared }
  : { backend: 'postgres', connection: postgresConnection, schema: 'bullmq', ...shared }

export default queueConfig
