import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { renewingDaily } from '#core/session/renewal'
import { readingItsUser } from '#auth/services/session_user'

/**
 * Sessions live server-side (the cookie holds only their id), so signing out
 * and "Sign out of all devices" really end them: in Redis when REDIS_URL is
 * set, else in the `sessions` table, read with its user in one statement
 * (#auth/services/session_user). `memory` is for tests only.
 */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'reelforge-session',
  clearWithBrowser: false,
  age: '30d',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  store: env.get('SESSION_DRIVER', env.get('REDIS_URL') ? 'redis' : 'database'),
  stores: {
    database: renewingDaily(readingItsUser(stores.database({ tableName: 'sessions' }))),
    redis: renewingDaily(stores.redis({ connection: 'main' })),
  },
})

export default sessionConfig
