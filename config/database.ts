import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'

/**
 * PostgreSQL only. DATABASE_URL (production, or the embedded server started
 * by `npm run dev`) wins over the DB_* variables.
 */
const databaseUrl = env.get('DATABASE_URL')

export const postgresConnection = databaseUrl
  ? { connectionString: databaseUrl }
  : {
      host: env.get('DB_HOST', '127.0.0.1'),
      port: env.get('DB_PORT', 5432),
      user: env.get('DB_USER', 'postgres'),
      password: env.get('DB_PASSWORD'),
      database: env.get('DB_DATABASE', 'reelforge'),
    }

const dbConfig = defineConfig({
  connection: 'postgres',
  prettyPrintDebugQueries: app.inDev,
  connections: {
    postgres: {
      client: 'pg',
      connection: postgresConnection,
      pool: { min: 0, max: 10 },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
      schemaGeneration: { enabled: false },
    },
  },
})

export default dbConfig
