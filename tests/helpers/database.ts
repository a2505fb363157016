import pg from 'pg'
import app from '@adonisjs/core/services/app'
import type { PostgreConfig } from '@adonisjs/lucid/types/database'

/**
 * Creates the test database on the configured PostgreSQL server when it
 * does not exist yet, so a fresh machine needs no manual step.
 */
export async function ensureTestDatabase() {
  const config = app.config.get<PostgreConfig>('database.connections.postgres')
  const connection = config.connection as pg.ClientConfig
  const database = connection.database!
  const admin = new pg.Client({ ...connection, database: 'postgres' })
  await admin.connect()
  try {
    const existing = await admin.query('select 1 from pg_database where datname = $1', [database])
    if (existing.rowCount === 0) {
      await admin.query(`create database "${database.replaceAll('"', '""')}"`)
    }
  } finally {
    await admin.end()
  }
}
