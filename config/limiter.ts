import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'
import type { LimiterConsumptionOptions } from '@adonisjs/limiter/types'
import { DatabaseLimiterStore } from '#core/services/database_limiter_store'

/**
 * Limits must hold across web processes: Redis when configured, else the
 * database. Never process memory.
 */
const limiterConfig = defineConfig({
  default: env.get('REDIS_URL') ? 'redis' : 'database',
  stores: {
    redis: stores.redis({ connectionName: 'main' }),
    database: (options: LimiterConsumptionOptions) => new DatabaseLimiterStore(options),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
