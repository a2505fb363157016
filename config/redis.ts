import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Used only when REDIS_URL is set (rate limits; BullMQ has its own client).
 */
const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      ...(env.get('REDIS_URL') ? { url: env.get('REDIS_URL') } : { host: '127.0.0.1', port: 6379 }),
      lazyConnect: true,
      keyPrefix: 'reelforge:',
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
